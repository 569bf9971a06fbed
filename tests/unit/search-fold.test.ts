/**
 * Search folded by the reader's language (src/contract/plain/search-fold.ts), as the Help Center's
 * search uses it (src/client/features/help/faqs.ts `matchesFaq`).
 */
import { describe, expect, it } from "vitest";
import { foldForSearch } from "../../src/contract/plain/search-fold";

describe("foldForSearch", () => {
  it("sets accents and case aside", () => {
    expect(foldForSearch("Crème BRÛLÉE", "fr")).toBe("creme brulee");
    expect(foldForSearch("Łódź", "pl")).toBe("łodz");
  });

  it("lower-cases Turkish by its own rules: İ is i, and I is ı", () => {
    expect(foldForSearch("İSTANBUL", "tr")).toBe("istanbul");
    expect(foldForSearch("ISPANAK", "tr")).toBe("ıspanak");
    expect(foldForSearch("ISPANAK", "en")).toBe("ispanak");
  });

  it("finds Arabic with or without its vowel marks, hamza forms and tatweel", () => {
    const needle = foldForSearch("اكل", "ar");
    expect(foldForSearch("أَكْل", "ar")).toBe(needle);
    expect(foldForSearch("أكـــل", "ar")).toBe(needle);
  });

  it("reads an unknown language tag as Unicode's default", () => {
    expect(foldForSearch("Äpfel", "not a tag!")).toBe("apfel");
  });
});
