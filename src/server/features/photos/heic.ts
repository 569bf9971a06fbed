/**
 * HEIC support for the photo pipeline (docs/features/trust.md: "JPEG/PNG/WebP/HEIC"): iPhones store photos as
 * HEVC-coded HEIF, which the prebuilt sharp reads the header of but cannot decode (HEVC is left
 * out of its binaries for patent reasons). heic-decode does it in a worker thread.
 */
import os from "node:os";
import { Worker } from "node:worker_threads";
import pLimit from "p-limit";

/** RGBA pixels of a decoded image, 4 bytes per pixel, row by row. */
export interface RawImage {
  width: number;
  height: number;
  data: Uint8Array;
}

const WORKER_URL = new URL("./heic-worker.mjs", import.meta.url);
/**
 * How many decodes run at once per instance: each holds the whole image in memory (up to 160 MB
 * at the 40 MP limit), so a burst of uploads queues instead of exhausting memory or the cores.
 */
const decodeSlots = pLimit(Math.max(1, Math.min(2, os.availableParallelism() - 1)));

/**
 * Decodes the primary image of a HEIC file. The caller checks the pixel count from the header
 * first (sharp's metadata), so no decompression bomb reaches the decoder.
 * @param input the file's bytes
 * @returns its pixels, already turned as the file's rotation/mirror properties say
 * @throws Error when the bytes are not a decodable HEIC image
 */
export function decodeHeic(input: Buffer): Promise<RawImage> {
  return decodeSlots(() => decodeInWorker(input));
}

function decodeInWorker(input: Buffer): Promise<RawImage> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: new Uint8Array(input) });
    worker.once("message", (result: RawImage | { error: string }) => {
      if ("error" in result) reject(new Error(result.error));
      else resolve(result);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`HEIC decoder stopped with code ${code}`));
    });
  });
}
