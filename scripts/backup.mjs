/**
 * `npm run backup [FILE]` / `npm run restore FILE`: builds the server when stale, then runs the
 * compiled backup command (src/server/backup-cli.ts) with the arguments given.
 */
import { ensureServerBuilt } from "./ensure-built.mjs";

await ensureServerBuilt();
await import("../dist/server/backup-cli.js");
