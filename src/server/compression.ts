/**
 * How API answers are compressed (docs/decisions/011): which encodings, from what size, how hard.
 * The app registers @fastify/compress with `COMPRESSION`; bench/limit-server.ts compresses its
 * answers by the same rule through `compressionFor`, so the two are compared doing the same job.
 */
import zlib from "node:zlib";

export const COMPRESSION = {
  /** Encodings in the server's order of preference. */
  encodings: ["br", "gzip"] as ("br" | "gzip")[],
  /** Bodies under this many bytes go out as they are: a packet holds them anyway. */
  threshold: 1024,
  /**
   * Brotli's quality (0–11): 3 costs a feed page 60 % of quality 4's time for 2 % more bytes
   * (docs/decisions/011).
   */
  brotliQuality: 3,
  /** gzip's level (0–9). */
  gzipLevel: 6,
  /**
   * Bodies up to this many bytes are compressed in one call and sent with their length; larger ones
   * stream through zlib's thread pool. A page of meals is 10–20 KiB: streamed, each went out in
   * several chunked writes, the app's largest cost per request (docs/decisions/011).
   */
  syncThreshold: 64 * 1024,
};

export const brotliOptions = () => ({
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality,
  },
});

/**
 * The encoding a body of `size` bytes gets for a client's `Accept-Encoding`, and the function that
 * makes it (none for bodies under the threshold or clients that accept neither).
 */
export function compressionFor(
  acceptEncoding: string | undefined,
  size: number,
): { encoding?: "br" | "gzip"; compress?: (body: Buffer) => Buffer } {
  if (size < COMPRESSION.threshold || !acceptEncoding) return {};
  const accepted = acceptEncoding.split(",").map((part) => part.trim().split(";")[0]);
  const encoding = COMPRESSION.encodings.find((candidate) => accepted.includes(candidate));
  if (encoding === "br")
    return { encoding, compress: (body) => zlib.brotliCompressSync(body, brotliOptions()) };
  if (encoding === "gzip") {
    return { encoding, compress: (body) => zlib.gzipSync(body, { level: COMPRESSION.gzipLevel }) };
  }
  return {};
}
