/**
 * The route table (spec §2 "Route sets"), built once from the page table (src/contract/pages.ts): the
 * members' pages and the pages for everyone, each its own lazily loaded chunk. The signed-in shell
 * serves both; signed out, the static pages are served and a member page offers sign-in instead of a
 * 404 (router.tsx).
 */
import type { ComponentType } from "react";
import { lazyWithPreload } from "react-lazy-with-preload";
import { MEMBER_PAGES, type PageEntry, STATIC_PAGES } from "@/contract/pages";

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
const pageModules = import.meta.glob<{ default: ComponentType }>("../pages/*.tsx");

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
