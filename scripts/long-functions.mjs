/**
 * Counts the functions in `src/` longer than a limit (default 60 lines), the reading cost
 * docs/STYLE.md asks to keep down: every function declaration, method, function expression and
 * arrow function, measured from its first line to its last, nested ones on their own too.
 * Usage: node scripts/long-functions.mjs [limit] [--list]
 * Prints the count (and with --list each function, longest first); exits 0.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const limit = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 60);
const list = process.argv.includes("--list");

/** Every .ts and .tsx file under `folder`. */
function sources(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** A function's name as a reader would search for it. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return "(anonymous)";
}

const found = [];
for (const file of sources(path.join(root, "src"))) {
  const text = readFileSync(file, "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit)
        found.push({ file: path.relative(root, file), name: nameOf(node), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
found.sort((a, b) => b.lines - a.lines);
if (list)
  for (const f of found) console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
const client = found.filter((f) => f.file.startsWith("src/client/"));
console.log(
  `${found.length} functions over ${limit} lines in src/ (${client.length} in src/client, ${client.filter((f) => f.lines > 100).length} of them over 100)`,
);
