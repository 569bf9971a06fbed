/**
 * The route table (spec §2 "Route sets"), built once from the page table (src/contract/pages.ts): the
 * members' pages and the pages for everyone, each its own lazily loaded chunk. The signed-in shell
 * serves both; signed out, the static pages are served and a member page offers sign-in instead of a
 * 404 (router.tsx).
 */
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, useEffect } from "react";
import { lazyWithPreload } from "react-lazy-with-preload";
import { useLocation, useSearch } from "wouter";
import { useCurrentUser } from "@/client/features/auth";
import { type PageModule, prefetchPageQueries } from "@/client/lib/page-data";
import type { CurrentUser } from "@/contract/auth";
import { MEMBER_PAGES, type PageEntry, pageAt, STATIC_PAGES } from "@/contract/pages";

/**
 * A path (wouter's syntax), the page it shows, and how its code is fetched ahead of showing it. A page
 * whose code was fetched that way renders at once instead of suspending: React holds back what a
 * Suspense boundary reveals until 300 ms after it last showed a fallback, so a page that suspended
 * only for a chunk already in the browser still appeared that much later (docs/decisions/015 "Phones").
 */
export interface AppRoute {
  path: string;
  component: ComponentType;
  load: () => Promise<unknown>;
}

/** Every page module, each a chunk of its own, fetched when first asked for. */
const pageModules = import.meta.glob<PageModule>("../pages/*.tsx");

/** The member's page at `pathname`: its parameters and how its module is loaded; none for another path. */
function memberPageAt(pathname: string) {
  const page = pageAt(MEMBER_PAGES, pathname);
  const load = page && pageModules[`../pages/${page.page}.tsx`];
  return page && load ? { params: page.params, load } : undefined;
}

/**
 * Fetches the code of the member's page at `pathname` and then the data its loader declares for
 * `viewer` into `client`: the first screen's, in the browser (main.tsx) and on the server
 * (server-render.tsx). Resolves when they are in or failed; the page shows a failure itself.
 * @returns whether that page declares any data for this URL and viewer
 */
export async function loadMemberPageData(
  client: QueryClient,
  pathname: string,
  search: string,
  viewer: CurrentUser,
): Promise<boolean> {
  const page = memberPageAt(pathname);
  if (!page) return false;
  const module = await page.load();
  const queries = module.loader?.(page.params, new URLSearchParams(search), viewer) ?? [];
  await prefetchPageQueries(client, queries);
  return queries.length > 0;
}

/**
 * Whether the member's page at `pathname` declares its data (exports a `loader`): a page that does
 * not needs no one looked up to know what it shows first (the server's render, server-render.tsx).
 */
export async function declaresData(pathname: string): Promise<boolean> {
  const page = memberPageAt(pathname);
  return Boolean(page && (await page.load()).loader);
}

/**
 * Starts the data the member's page on screen declares whenever the address or the viewer changes,
 * while its code arrives: the browser's router asks the loader, as main.tsx does for the first page.
 * Data already in the cache is not asked again.
 */
export function useMemberPageData(): void {
  const client = useQueryClient();
  const [location] = useLocation();
  const search = useSearch();
  const { user } = useCurrentUser();
  useEffect(() => {
    // Never failing: the page's own queries show what went wrong.
    if (user) void loadMemberPageData(client, location, search, user).catch(() => undefined);
  }, [client, location, search, user]);
}

/** A page of the table as a lazily loaded route whose chunk can be fetched before it renders. */
function routeOf({ path, page }: PageEntry): AppRoute {
  const load = pageModules[`../pages/${page}.tsx`];
  if (!load) throw new Error(`src/contract/pages.ts names a page with no module: ${page}`);
  const component = lazyWithPreload(load);
  return { path, load: component.preload, component };
}

/** The members' pages. Home ("/") is the landing page signed out. */
export const MEMBER_ROUTES: AppRoute[] = MEMBER_PAGES.map(routeOf);

/** Pages for everyone: spec §2's static pages, the impact page, an email's unsubscribe link, a label. */
export const STATIC_ROUTES: AppRoute[] = STATIC_PAGES.map(routeOf);

/** What the signed-in shell serves, in its Switch's order: the members' pages, then the static ones. */
export const SHELL_ROUTES: AppRoute[] = [...MEMBER_ROUTES, ...STATIC_ROUTES];

/** The page for a path nothing else serves. */
export const NotFoundPage = lazyWithPreload(() => import("@/client/pages/not-found"));
