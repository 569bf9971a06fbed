/**
 * The app's page table (spec §2 "Route sets"): each path (wouter's and regexparam's syntax) and the
 * page module under src/client/pages/ that shows it. The client's router draws its routes from it
 * (src/client/app/routes.ts) and the server reads it to tell a page's first request which code to
 * fetch at once (src/server/plugins/client.ts, docs/decisions/015 "Phones").
 */
import { parse } from "regexparam";

/**
 * The id of a page's `<script type="application/json">` that carries the server's first answers
 * (src/server/first-answers.ts), which the browser's API client reads at start.
 */
export const FIRST_ANSWERS_ID = "first-answers";

/** The deployment's settings' URL, which index.html preloads and a drawn page carries. */
export const DEPLOYMENT_URL = "/api/deployment";

/** The sign-in check's URL, which index.html also preloads. */
export const CURRENT_USER_URL = "/api/auth/user";

/**
 * The attribute the server puts on the page's root element when it holds the first screen's HTML
 * (src/client/server-render.tsx): the browser then hydrates it instead of drawing it again.
 */
export const SERVER_RENDERED_ATTRIBUTE = "data-server-rendered";

/**
 * The id of the element after a thread's newest message: the page opens with it in view, on the
 * server's drawing already (src/server/first-screen.ts `NEWEST_IN_VIEW`) and then in the app, so the
 * page does not jump under a tap when the app takes over (docs/features/everyday-journey.md).
 */
export const THREAD_END_ID = "thread-end";

/**
 * One API answer a page carries (src/server/first-answers.ts writes them, src/client/lib/first-answers.ts
 * reads them): the URL asked, the language it was answered in, and the response.
 */
export interface FirstAnswer {
  url: string;
  language: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * What the server's render of a first screen is given (src/client/server-render.tsx): the page, the
 * language it is read in, and how to ask the API as the page's browser would.
 */
export interface FirstScreenRequest {
  pathname: string;
  /** The query without its "?". */
  search: string;
  language: string;
  /** The browser's time zone (an IANA name) its times are drawn in; none for a visitor's page. */
  timeZone?: string;
  /** The browser's first region of `language` by its `Accept-Language` ("en-GB"), if it names one. */
  region?: string;
  /** Whether the request carries a session cookie: signed out, only the landing page is drawn. */
  signedIn: boolean;
  /** The API's answer to a GET of `url` with the page request's cookie and language. */
  ask: (url: string) => Promise<FirstAnswer>;
}

/**
 * What the render gives back: the HTML for the page's root element (null when the page is left for
 * the browser to draw), and the answers the page carries so its browser does not ask them again — the
 * deployment's settings, the sign-in check and the queries the page's loader declared, each that
 * answered 200 (the sign-in check's 401 too, for a visitor).
 */
export interface FirstScreen {
  html: string | null;
  answers: FirstAnswer[];
}

/** A path and the name of its page's module (`src/client/pages/{page}.tsx`). */
export interface PageEntry {
  path: string;
  page: string;
}

/** The members' pages. Home ("/") is the landing page signed out. */
export const MEMBER_PAGES: readonly PageEntry[] = [
  { path: "/", page: "home" },
  { path: "/community", page: "community" },
  { path: "/marketplace", page: "marketplace" },
  { path: "/meal/:id", page: "meal-detail" },
  { path: "/meal/:id/edit", page: "edit-meal" },
  // docs/features/handover.md point 3
  { path: "/meal/:id/label", page: "meal-label" },
  // docs/features/fair-shares.md point 2
  { path: "/meal/:id/draw", page: "meal-draw" },
  { path: "/meals/new", page: "create-meal" },
  { path: "/requests", page: "requests" },
  { path: "/request/:id", page: "request-thread" },
  // docs/decisions/022: the eater's card payment, Stripe's payment form
  { path: "/request/:id/pay", page: "request-pay" },
  // docs/features/everyday-journey.md "A Messages view"
  { path: "/messages", page: "messages" },
  { path: "/profile", page: "profile" },
  { path: "/settings", page: "settings" },
  { path: "/saved", page: "saved" },
  { path: "/events", page: "events" },
  { path: "/admin", page: "admin" },
  // docs/decisions/020 "The queue": admins and groups' moderators.
  { path: "/moderation", page: "moderation" },
  { path: "/reviews", page: "reviews" },
  { path: "/user/:id", page: "user-profile" },
  { path: "/become-a-cook", page: "become-a-cook" },
  // docs/features/groups.md
  { path: "/groups", page: "groups" },
  { path: "/groups/new", page: "group-new" },
  { path: "/groups/:id", page: "group" },
  // docs/decisions/020 "Membership review"
  { path: "/groups/:id/reviews/:reviewId", page: "group-review" },
  { path: "/join/:token", page: "join" },
];

/** Pages for everyone: spec §2's static pages, the impact page, an email's unsubscribe link, a label. */
export const STATIC_PAGES: readonly PageEntry[] = [
  { path: "/about", page: "about" },
  { path: "/how-it-works", page: "how-it-works" },
  { path: "/safety", page: "safety" },
  { path: "/help", page: "help" },
  // docs/decisions/017: what is kept, for how long, and who sees what.
  { path: "/privacy", page: "privacy" },
  { path: "/impact", page: "impact" },
  { path: "/unsubscribe", page: "unsubscribe" },
  // A container label's QR code opens this (docs/features/handover.md point 3).
  { path: "/label/:token", page: "label" },
];

const matchers = new Map<string, { keys: string[]; pattern: RegExp }>();

/** A parameter as typed (`%E0%A4%A` cannot be decoded; a page shows its own "not found" for it). */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `path`'s parameters in `pathname` (no query) when it is `path`'s, as the client's router reads it. */
function paramsAt(path: string, pathname: string): Record<string, string> | null {
  let matcher = matchers.get(path);
  if (!matcher) {
    matcher = parse(path);
    matchers.set(path, matcher);
  }
  const found = matcher.pattern.exec(pathname);
  if (!found) return null;
  return Object.fromEntries(matcher.keys.map((key, i) => [key, decoded(found[i + 1] ?? "")]));
}

/**
 * The first entry of `pages` whose path `pathname` is, as the router's Switch picks it, and its
 * parameters (`{ id }` of `/meal/:id`).
 */
export function pageAt(
  pages: readonly PageEntry[],
  pathname: string,
): (PageEntry & { params: Record<string, string> }) | undefined {
  for (const entry of pages) {
    const params = paramsAt(entry.path, pathname);
    if (params) return { ...entry, params };
  }
  return undefined;
}

/** The i18next namespaces of the app's words, each `src/locales/{language}/{namespace}.json`. */
export const CATALOGUES = ["common", "app", "messages", "info"] as const;
/** One of `CATALOGUES`. */
export type Catalogue = (typeof CATALOGUES)[number];

/**
 * The catalogues the page at `pathname` speaks in its first render, `common` first (every page's): the
 * signed-in shell and a member's pages speak `app` and `messages`, a shared meal's page, a draw's page
 * and the pickup pass `app` signed out too, the static pages `info`. The server names them in the page's HTML
 * (src/server/page-preloads.ts) and the app loads them before its first render
 * (src/client/app/router.tsx `preloadPage`): a page that found one missing suspended behind a spinner,
 * and React showed it no sooner than 300 ms later (docs/decisions/015 "Phones").
 */
export function firstCatalogues(pathname: string, signedIn: boolean): Catalogue[] {
  const info = pageAt(STATIC_PAGES, pathname) ? (["info"] as const) : [];
  if (signedIn) return ["common", "app", "messages", ...info];
  const speaksApp =
    paramsAt("/meal/:id", pathname) ??
    paramsAt("/meal/:id/draw", pathname) ??
    paramsAt("/pass/:id", pathname);
  return ["common", ...(speaksApp ? (["app"] as const) : []), ...info];
}
