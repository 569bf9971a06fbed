/**
 * `npm start`: builds what is missing or stale (scripts/ensure-built.mjs), then runs the compiled
 * server with plain node (docs/features/operations.md), which applies migrations and listens. One
 * command on a fresh clone (README quick start).
 */
import { ensureClientBuilt, ensureServerBuilt } from "./ensure-built.mjs";

await ensureClientBuilt();
await ensureServerBuilt();
await import("../dist/server/main.js");
