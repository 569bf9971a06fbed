/**
 * What the browser evaluates before any page (docs/decisions/015 "Phones"): the entry's static import
 * graph — every page's first script, the landing page's too — holds none of the contract's modules
 * that build the API's zod schemas at load. Building them cost a member's phone a third of the
 * entry's evaluation (40 of 140 ms at 4× CPU); a page that uses them loads them with its own code.
 * And no browser module bundles date-fns's tables of every language: each loads with its language.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import madge from "madge";
import { describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "../..");

/** The files `entry` imports statically, through any chain (no `import()`, no type-only imports). */
async function staticGraphOf(entry: string): Promise<Set<string>> {
  const skip = { skipAsyncImports: true, skipTypeImports: true };
  const result = await madge(path.join(repo, entry), {
    baseDir: repo,
    fileExtensions: ["ts", "tsx"],
    tsConfig: path.join(repo, "tsconfig.json"),
    detectiveOptions: { ts: skip, tsx: skip },
  });
  return new Set(Object.keys(result.obj()));
}

describe("the browser's entry", () => {
  it("statically imports none of the contract's schema modules", async () => {
    const graph = await staticGraphOf("src/client/main.tsx");
    // The check reads the graph at all: the entry's own API client is in it.
    expect(graph).toContain("src/client/lib/api-client.ts");
    const schemaModules = [...graph].filter((file) =>
      /^src\/contract\/(meals|meal-list|groups|requests|users)\.ts$/.test(file),
    );
    expect(schemaModules).toEqual([]);
  }, 30_000);
});

/** The files of `graph` whose own code imports zod's schemas (madge lists our files, not packages). */
const importingZod = (graph: Set<string>) =>
  [...graph].filter((file) => readFileSync(path.join(repo, file), "utf8").includes('from "zod"'));

describe("the contract's plain modules", () => {
  it("import no zod schema, through any chain, nor does the list's rule", async () => {
    const plain = readdirSync(path.join(repo, "src/contract/plain")).map(
      (file) => `src/contract/plain/${file}`,
    );
    // The check reads files at all: the modules the first screens take their words from are there.
    expect(plain).toEqual(
      expect.arrayContaining(["src/contract/plain/food-safety.ts", "src/contract/plain/photos.ts"]),
    );
    // A page's id rule (plain/record-id.ts) takes zod's UUID pattern only (`zod/v4/core`'s regexes).
    for (const file of [...plain, "src/contract/meal-list.ts"]) {
      expect(importingZod(await staticGraphOf(file)), file).toEqual([]);
    }
  }, 60_000);
});

describe("date-fns's tables", () => {
  it("are loaded with their language: no browser module imports another language's statically", () => {
    const files = ["src/client", "src/contract"].flatMap((dir) =>
      readdirSync(path.join(repo, dir), { recursive: true, encoding: "utf8" })
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => `${dir}/${file}`),
    );
    // The check reads files at all: the formats are among them.
    expect(files).toContain("src/client/lib/format.ts");
    // `date-fns/locale` (every language's tables), or one language's other than English (the default).
    const staticLocale = /from "date-fns\/locale(\/(?!en-US")[^"]*)?"/;
    const importing = files.filter((file) => staticLocale.test(readFileSync(path.join(repo, file), "utf8")));
    expect(importing).toEqual([]);
  });
});
