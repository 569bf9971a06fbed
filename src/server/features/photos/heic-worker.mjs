/**
 * Decodes one HEVC-coded HEIC photo (an iPhone's default format) to RGBA pixels with heic-decode
 * (libheif + libde265 in WebAssembly), which the prebuilt sharp cannot decode. It runs in a worker
 * thread because the WebAssembly decoder works synchronously and would stall every other request.
 * Plain JavaScript so Node runs it as is under tsx, Vitest and a built server alike.
 *
 * workerData: Uint8Array of the file. Posts { width, height, data: Uint8Array (RGBA) } or
 * { error: string }.
 */
import { parentPort, workerData } from "node:worker_threads";
import decode from "heic-decode";

try {
  const { width, height, data } = await decode({ buffer: workerData });
  const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  parentPort.postMessage({ width, height, data: pixels }, [pixels.buffer]);
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
