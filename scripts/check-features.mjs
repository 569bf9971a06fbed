/**
 * The server features' dependency graph (docs/ARCHITECTURE.md "Server features"): prints each feature
 * with the features it imports, lowest first, and fails on any loop between features — two that
 * import each other, or a longer ring — type-only imports included. `npm run lint` runs it over
 * src/server/features; tests/unit/feature-graph.test.ts proves it fires.
 * Usage: node scripts/check-features.mjs [features folder] (default: src/server/features)
 */
import path from "node:path";
import madge from "madge";

const root = path.resolve(import.meta.dirname, "..");
const folder = path.resolve(process.argv[2] ?? path.join(root, "src/server/features"));
const result = await madge(folder, {
  baseDir: folder,
  fileExtensions: ["ts"],
  tsConfig: path.join(root, "tsconfig.json"),
});

/** The feature a file (relative to the folder) belongs to: its first path segment. */
const featureOf = (file) => (file.includes("/") && !file.startsWith("..") ? file.split("/")[0] : null);
const graph = new Map();
for (const [file, imports] of Object.entries(result.obj())) {
  const from = featureOf(file);
  if (!from) continue;
  if (!graph.has(from)) graph.set(from, new Set());
  for (const imported of imports) {
    const to = featureOf(imported);
    if (to && to !== from) graph.get(from).add(to);
  }
}

// Tarjan's strongly connected components: a component of more than one feature is a loop.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const loops = [];
let counter = 0;
function visit(feature) {
  index.set(feature, counter);
  low.set(feature, counter);
  counter += 1;
  stack.push(feature);
  onStack.add(feature);
  for (const next of graph.get(feature) ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(feature, Math.min(low.get(feature), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(feature, Math.min(low.get(feature), index.get(next)));
    }
  }
  if (low.get(feature) === index.get(feature)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== feature);
    if (component.length > 1) loops.push(component.sort());
  }
}
for (const feature of [...graph.keys()].sort()) if (!index.has(feature)) visit(feature);

if (loops.length > 0) {
  console.error(`${loops.length} loop(s) between server features:`);
  for (const loop of loops) {
    const twoWay = loop.flatMap((a) =>
      loop.filter((b) => a < b && graph.get(a).has(b) && graph.get(b).has(a)).map((b) => `${a} ↔ ${b}`),
    );
    console.error(`  ${loop.join(", ")}${twoWay.length > 0 ? ` (two-way: ${twoWay.join(", ")})` : ""}`);
  }
  process.exit(1);
}

// Lowest first: a feature's level is one above the highest feature it imports.
const level = new Map();
const levelOf = (feature) => {
  if (!level.has(feature)) level.set(feature, Math.max(-1, ...[...graph.get(feature)].map(levelOf)) + 1);
  return level.get(feature);
};
const ordered = [...graph.keys()].sort((a, b) => levelOf(a) - levelOf(b) || a.localeCompare(b));
for (const feature of ordered) {
  const uses = [...graph.get(feature)].sort();
  console.log(`${levelOf(feature)}  ${feature}${uses.length > 0 ? ` → ${uses.join(", ")}` : ""}`);
}
console.log(`No loops between ${graph.size} server features.`);
