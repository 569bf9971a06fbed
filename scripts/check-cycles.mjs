/**
 * Fails on any import circle (docs/ARCHITECTURE.md "Imports flow one way"), type-only imports
 * included: `npm run lint` runs it over src/; tests/unit/import-cycles.test.ts proves it fires.
 * Usage: node scripts/check-cycles.mjs [folder …] (default: src)
 */
import path from "node:path";
import madge from "madge";

const root = path.resolve(import.meta.dirname, "..");
const folders = process.argv.slice(2);
const result = await madge(folders.length > 0 ? folders : [path.join(root, "src")], {
  baseDir: root,
  fileExtensions: ["ts", "tsx"],
  tsConfig: path.join(root, "tsconfig.json"),
});
const circles = result.circular();
if (circles.length > 0) {
  console.error(`${circles.length} import circle(s):`);
  for (const circle of circles) console.error(`  ${[...circle, circle[0]].join(" → ")}`);
  process.exit(1);
}
console.log(`No import circles in ${Object.keys(result.obj()).length} files.`);
