/**
 * `npm start`: builds the client when the build is missing or older than its sources, then starts
 * the server (which applies migrations). One command on a fresh clone (README quick start).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtIndex = path.join(root, "dist/client/index.html");
const clientSources = [
  "src/client",
  "src/contract",
  "public",
  "index.html",
  "vite.config.ts",
  "package-lock.json",
];

/** Newest modification time under a file or folder, in ms. */
function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
    stat.mtimeMs,
  );
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...clientSources.map((source) => newestMtime(path.join(root, source))));
if (builtAt < sourcesAt) {
  console.log("Building the client...");
  const { build } = await import("vite");
  // Vite sets NODE_ENV=production for its build; the server must see the user's own value.
  const nodeEnv = process.env.NODE_ENV;
  await build({ root, configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}

await import("../src/server/main");
