/**
 * Vitest global setup of the API projects: the server compiled as `npm start` runs it
 * (scripts/ensure-built.mjs builds only what is missing or older than its sources), once, before the
 * workers start. The files that run the server as a process of its own (server-process.ts) start that
 * build with plain node, as a deployment does: the same code without transpiling it again at every
 * start, which cost each start two seconds of CPU (docs/decisions/004).
 */
import path from "node:path";

export default async function setup() {
  const built = (await import(path.resolve(import.meta.dirname, "../../scripts/ensure-built.mjs"))) as {
    ensureServerBuilt(): Promise<void>;
  };
  await built.ensureServerBuilt();
}
