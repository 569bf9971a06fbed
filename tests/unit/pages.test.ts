/**
 * The page table (src/contract/pages.ts) that the client's router and the server's preloads both
 * read: every page it names has its module, and a path picks the page the router shows.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstCatalogues, MEMBER_PAGES, pageAt, STATIC_PAGES } from "../../src/contract/pages";

describe("the page table", () => {
  it("names only pages that exist under src/client/pages", () => {
    for (const { page } of [...MEMBER_PAGES, ...STATIC_PAGES]) {
      expect(existsSync(path.join(import.meta.dirname, "../../src/client/pages", `${page}.tsx`)), page).toBe(
        true,
      );
    }
  });

  it("picks the page a path shows, parameters and a trailing slash as wouter reads them", () => {
    const id = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";
    expect(pageAt(MEMBER_PAGES, `/meal/${id}`)).toEqual({
      path: "/meal/:id",
      page: "meal-detail",
      params: { id },
    });
    expect(pageAt(MEMBER_PAGES, `/meal/${id}/edit`)?.page).toBe("edit-meal");
    expect(pageAt(MEMBER_PAGES, "/community/")?.page).toBe("community");
    expect(pageAt(MEMBER_PAGES, "/groups/new")?.page).toBe("group-new");
    expect(pageAt(MEMBER_PAGES, "/meal")).toBeUndefined();
    expect(pageAt(STATIC_PAGES, "/label/abc")?.page).toBe("label");
    // A parameter that cannot be decoded is passed on as typed, not thrown.
    expect(pageAt(MEMBER_PAGES, "/user/%E0%A4%A")?.params).toEqual({ id: "%E0%A4%A" });
  });

  it("names the catalogues a page's first render speaks, signed in and out", () => {
    const id = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";
    // The signed-in shell speaks the members' words on every path, a static page its own too.
    expect(firstCatalogues("/community", true)).toEqual(["common", "app", "messages"]);
    expect(firstCatalogues("/no-such-page", true)).toEqual(["common", "app", "messages"]);
    expect(firstCatalogues("/about", true)).toEqual(["common", "app", "messages", "info"]);
    // A visitor: a static page's words, and the members' on a shared meal and the pickup pass.
    expect(firstCatalogues("/about", false)).toEqual(["common", "info"]);
    expect(firstCatalogues(`/meal/${id}`, false)).toEqual(["common", "app"]);
    expect(firstCatalogues(`/pass/${id}`, false)).toEqual(["common", "app"]);
    expect(firstCatalogues("/community", false)).toEqual(["common"]);
    expect(firstCatalogues(`/meal/${id}/edit`, false)).toEqual(["common"]);
  });
});
