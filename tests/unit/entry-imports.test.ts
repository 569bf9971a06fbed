/**
 * What the browser evaluates before any page (docs/decisions/015 "Phones"): the entry's static import
 * graph — every page's first script, the landing page's too — holds none of the contract's modules
 * that build the API's zod schemas at load. Building them cost a member's phone a third of the
 * entry's evaluation (40 of 140 ms at 4× CPU); a page that uses them loads them with its own code.
 */
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
      /^src\/contract\/(meals|meal-list|first-calls|groups|requests|users)\.ts$/.test(file),
    );
    expect(schemaModules).toEqual([]);
  }, 30_000);
});
