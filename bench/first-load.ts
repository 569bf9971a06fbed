/**
 * First-load JavaScript of members' pages, gzip (docs/features/handover.md "Done when": the thread page
 * stays within 5 KiB of what it was before the handover work): the entry, the signed-in shell and the
 * page's chunk with everything they import statically, from Vite's manifest of a built client. What
 * loads on demand (the photo uploader, the QR code library, the scanner) is not counted. The command
 * also prints the same code's file count and its brotli size, as the server sends it (the build's
 * `.br` files; docs/decisions/015 "Phones").
 * Run after `npm run build`: `npx tsx bench/first-load.ts [dist/client]`.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The files a browser loads first for the manifest entries `keys` (e.g. `index.html` and a page's
 * source): their chunks, their static imports' and their CSS, each once, from Vite's manifest in `dist`.
 */
export function firstLoadFiles(dist: string, keys: readonly string[]): string[] {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"),
  );
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/** The pages measured, by source file. */
export const FIRST_LOAD_PAGES = [
  "src/client/pages/request-thread.tsx",
  "src/client/pages/meal-detail.tsx",
  "src/client/pages/community.tsx",
  "src/client/pages/requests.tsx",
];

/** The JavaScript files a signed-in member's browser loads to show `page` first, from `dist`. */
const firstLoadScripts = (dist: string, page: string) =>
  firstLoadFiles(dist, ["index.html", "src/client/app/signed-in-shell.tsx", page]).filter((file) =>
    file.endsWith(".js"),
  );

/** KiB of gzip JavaScript a signed-in member's browser loads to show `page` first, from `dist`. */
export function firstLoadKiB(dist: string, page: string): number {
  let bytes = 0;
  for (const file of firstLoadScripts(dist, page))
    bytes += gzipSync(readFileSync(path.join(dist, file))).length;
  return bytes / 1024;
}

/** KiB of the same code in brotli: the build's `.br` file where it wrote one (the server sends it). */
function firstLoadBrotliKiB(dist: string, page: string): number {
  let bytes = 0;
  for (const file of firstLoadScripts(dist, page)) {
    const written = path.join(dist, `${file}.br`);
    bytes += existsSync(written)
      ? readFileSync(written).length
      : brotliCompressSync(readFileSync(path.join(dist, file))).length;
  }
  return bytes / 1024;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? "dist/client");
  for (const page of FIRST_LOAD_PAGES) {
    console.log(
      `${path.basename(page, ".tsx").padEnd(16)} ${firstLoadKiB(dist, page).toFixed(1)} KiB gzip JS first load (${firstLoadScripts(dist, page).length} files, ${firstLoadBrotliKiB(dist, page).toFixed(1)} KiB brotli)`,
    );
  }
}
