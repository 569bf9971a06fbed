/**
 * Builds what is missing or older than its sources: the client with Vite, the server with
 * esbuild. `npm start`, `npm run backup` and `npm run restore` call it, so a fresh clone needs no
 * separate build step.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Newest modification time under a file or folder, in ms. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
    stat.mtimeMs,
  );
}

const builtAt = (file) => (existsSync(path.join(root, file)) ? statSync(path.join(root, file)).mtimeMs : 0);
const sourcesAt = (sources) => Math.max(...sources.map((source) => newestMtime(path.join(root, source))));

/** The server bundle of the client (vite.config.ts `serverBundle`). */
const SERVER_RENDER = "dist/ssr/server-render.js";

/** Builds the client into dist/client, and its server bundle into dist/ssr, when their sources changed. */
export async function ensureClientBuilt() {
  const sources = [
    "src/client",
    "src/contract",
    "public",
    "index.html",
    "vite.config.ts",
    "package-lock.json",
  ];
  const newest = sourcesAt(sources);
  if (builtAt("dist/client/index.html") >= newest && builtAt(SERVER_RENDER) >= newest) return;
  console.log("Building the client...");
  const { build } = await import("vite");
  // Vite sets NODE_ENV=production for its build; the server must see the user's own value.
  const nodeEnv = process.env.NODE_ENV;
  const configFile = path.join(root, "vite.config.ts");
  await build({ root, configFile, logLevel: "warn" });
  // The same app as a server bundle, which renders first screens (docs/decisions/019).
  await build({ root, configFile, logLevel: "warn", build: { ssr: "src/client/server-render.tsx" } });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}

/** Builds the server into dist/server when its sources changed. */
export async function ensureServerBuilt() {
  const sources = ["src/server", "src/contract", "package-lock.json", "scripts/build-server.mjs"];
  if (builtAt("dist/server/main.js") >= sourcesAt(sources)) return;
  console.log("Building the server...");
  const { buildServer } = await import("./build-server.mjs");
  await buildServer();
}
