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
 * makes it (none for bodies under the threshold or clients that accept neither). `kept`: the body
 * is compressed once and its result kept, so it is compressed as hard as the codec goes.
 */
export function compressionFor(
  acceptEncoding: string | undefined,
  size: number,
  options: { kept?: boolean } = {},
): { encoding?: "br" | "gzip"; compress?: (body: Buffer) => Buffer } {
  if (size < COMPRESSION.threshold || !acceptEncoding) return {};
  const accepted = acceptEncoding.split(",").map((part) => part.trim().split(";")[0]);
  const encoding = COMPRESSION.encodings.find((candidate) => accepted.includes(candidate));
  // A body compressed once and kept (a page's index.html) is made as small as the build's own files.
  const brotli = options.kept ? keptBrotliOptions : brotliOptions();
  const gzipLevel = options.kept ? 9 : COMPRESSION.gzipLevel;
  if (encoding === "br") return { encoding, compress: (body) => zlib.brotliCompressSync(body, brotli) };
  if (encoding === "gzip") return { encoding, compress: (body) => zlib.gzipSync(body, { level: gzipLevel }) };
  return {};
}

const keptBrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
  },
};
