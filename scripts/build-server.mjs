/**
 * Compiles the server for `npm start` (docs/features/operations.md: plain `node`, not tsx):
 * src/server/main.ts and everything it imports from src/ into one ES module, dist/server/main.js, with
 * its source map, and the backup command likewise (dist/server/backup-cli.js); packages stay in
 * node_modules. The HEIC decoding worker is plain JavaScript and goes beside it. Run: `node
 * scripts/build-server.mjs` (part of `npm run build`).
 */
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "dist/server");

/** Builds dist/server; resolves when it is written. */
export async function buildServer() {
  mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: [path.join(root, "src/server/main.ts"), path.join(root, "src/server/backup-cli.ts")],
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  copyFileSync(
    path.join(root, "src/server/features/photos/heic-worker.mjs"),
    path.join(outdir, "heic-worker.mjs"),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
