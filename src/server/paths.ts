/**
 * Where the project's files are, from wherever the server runs: its TypeScript sources under
 * tsx (src/server/…), or the compiled bundle (dist/server/main.js). Both find the folder holding
 * package.json, and name the migrations and the built client from there.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findProjectRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

/** The folder holding package.json. */
export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
/** The SQL migrations drizzle-kit writes (./drizzle). */
export const migrationsFolder = path.join(projectRoot, "drizzle");
/** The client Vite builds (./dist/client). */
export const clientBuildDir = path.join(projectRoot, "dist/client");
