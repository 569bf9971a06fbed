/**
 * The server features' dependency graph (docs/ARCHITECTURE.md "Server features"): prints each feature
 * with the features it imports, lowest first, and fails on any loop between features — two that
 * import each other, or a longer ring — type-only imports included. Then who owns which table: each
 * feature's index.ts names its tables (`@tables`), a table has one owner, and a feature that writes
 * (insert, update, delete — Drizzle's or SQL's) a table another owns fails: it asks the owner's door.
 * Reads of others' tables are listed (a join in a read stays where it is the cheap way).
 * `npm run lint` runs it over src/server/features; tests/unit/feature-graph.test.ts proves it fires.
 * Usage: node scripts/check-features.mjs [features folder] (default: src/server/features); the schema
 * is read from the folder's ../db/schema.ts when there is one.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
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

/** Tables written outside the features, by the module that owns them. */
const OUTSIDE_FEATURES = {
  sessions: "auth",
  sign_in_codes: "auth",
  passkeys: "auth",
  webauthn_challenges: "auth",
  email_changes: "auth",
  live_events: "live",
  rate_limits: "rate-limits",
  mail_quotas: "mail-caps",
};

const schemaFile = path.join(folder, "../db/schema.ts");
if (existsSync(schemaFile)) checkTables(readFileSync(schemaFile, "utf8"));

/** The table check (see the module comment); exits 1 on a problem. */
function checkTables(schema) {
  const tableOf = new Map(
    [...schema.matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g)].map(([, name, table]) => [name, table]),
  );
  const tables = new Set(tableOf.values());
  const owner = new Map(Object.entries(OUTSIDE_FEATURES));
  const problems = [];
  const features = readdirSync(folder).filter((name) => existsSync(path.join(folder, name, "index.ts")));
  for (const feature of features) {
    const declared = readFileSync(path.join(folder, feature, "index.ts"), "utf8").match(/@tables ([^\n]*)/);
    if (!declared) problems.push(`${feature}/index.ts names no @tables`);
    for (const table of declared?.[1].match(/\b[a-z_]+\b/g) ?? []) {
      if (declared[1].startsWith("(none")) break;
      if (!tables.has(table)) problems.push(`${feature} owns ${table}, which the schema does not have`);
      else if (owner.has(table)) problems.push(`${table} is owned twice: ${owner.get(table)} and ${feature}`);
      else owner.set(table, feature);
    }
  }
  for (const table of tables) if (!owner.has(table)) problems.push(`${table} has no owner`);
  const crossWrites = [];
  const reads = new Map();
  for (const feature of features)
    for (const file of readdirSync(path.join(folder, feature), { recursive: true, encoding: "utf8" })) {
      if (!file.endsWith(".ts")) continue;
      const text = readFileSync(path.join(folder, feature, file), "utf8");
      const written = new Set([
        ...[...text.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)].map(([, name]) => tableOf.get(name)),
        ...[...text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi)].map(
          ([, table]) => table,
        ),
        // SQL naming a Drizzle table: update ${users} set …
        ...[...text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+\$\{(\w+)\}/gi)].map(([, name]) =>
          tableOf.get(name),
        ),
      ]);
      for (const table of written)
        if (tables.has(table) && owner.get(table) !== feature)
          crossWrites.push(`${feature}/${file} → ${table}`);
      const read = [...text.matchAll(/\b(?:from|join)\s*\(?\s*(?:"|\$\{)?(\w+)/g)]
        .map(([, name]) => tableOf.get(name) ?? name)
        .filter((table) => tables.has(table) && owner.get(table) !== feature);
      for (const table of read) {
        if (!reads.has(feature)) reads.set(feature, new Set());
        reads.get(feature).add(table);
      }
    }
  for (const write of crossWrites) problems.push(`${write}: writes a table another feature owns`);
  if (problems.length > 0) {
    console.error(`${problems.length} table ownership problem(s):`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  for (const [feature, read] of [...reads].sort())
    console.log(`reads  ${feature} ← ${[...read].sort().join(", ")}`);
  console.log(`${owner.size} tables, each with one owner, written by it alone.`);
}
