/**
 * Every layout mirrors (docs/STYLE.md "Direction"): the client's classes use Tailwind's logical
 * utilities — `ms-`/`me-`, `ps-`/`pe-`, `start-`/`end-`, `text-start`, `border-s` — never the physical
 * `ml-`, `pr-`, `left-`, `text-right`…, which stay put when a right-to-left language turns the page.
 * One physical pair is allowed: `left-[50%]` with `translate-x-[-50%]` centres a dialog, the same way
 * round in either direction.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * A physical direction utility, with any variant prefix (`sm:`, `focus:`), as it starts in a class
 * list. Tailwind's values are lower case, so a language tag ("pl-PL") is none.
 */
const PHYSICAL =
  /(?<=[\s"'`:])-?(?:(?:m|p|scroll-m|scroll-p)[lr]-(?![A-Z])[\w.[\]/%-]+|(?:left|right)-(?!\[50%\])[\w.[\]/%-]+|text-(?:left|right)(?![\w-])|border-[lr](?![\w])|border-[lr]-[\w-]+|rounded-(?:[lr]|tl|tr|bl|br)(?:-[\w-]+)?(?![\w-]))/g;

/** The physical utilities in `text`, in order. */
function physicalUtilities(text: string): string[] {
  return [...text.matchAll(PHYSICAL)].map((match) => match[0]);
}

describe("logical CSS", () => {
  it("finds physical utilities in a fixture, and passes their logical twins", () => {
    expect(
      physicalUtilities(
        `<div className="ml-2 pr-4 sm:left-3 -right-0.5 text-left border-r rounded-l-md rounded-tr-lg" />`,
      ),
    ).toEqual([
      "ml-2",
      "pr-4",
      "left-3",
      "-right-0.5",
      "text-left",
      "border-r",
      "rounded-l-md",
      "rounded-tr-lg",
    ]);
    expect(
      physicalUtilities(
        `<div className="ms-2 pe-4 sm:start-3 -end-0.5 text-start border-e rounded-s-md left-[50%] translate-x-[-50%] simple-x" lang="pl-PL" />`,
      ),
    ).toEqual([]);
  });

  it("finds none in the client's code", () => {
    const files = readdirSync(path.join(root, "src/client"), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => path.join("src/client", file));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      physicalUtilities(readFileSync(path.join(root, file), "utf8")).map((utility) => `${file}: ${utility}`),
    );
    expect(found).toEqual([]);
  });
});
