/**
 * The browser entry: the deployment's settings, the first catalogue and, once the sign-in check has
 * answered, the page's code and the catalogues it speaks are loaded (their requests start with the
 * page, named in its HTML), then the app renders, the page in its first render; the service worker
 * comes once that render is up (app/app.tsx). A first screen the server rendered (server-render.tsx)
 * is hydrated, once the answers its loader's queries were drawn from (inside the page) are in the query
 * cache as they were there.
 */
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { SERVER_RENDERED_ATTRIBUTE } from "@/contract/pages";
import { AppRoot } from "./app/app-root";
import { preloadPage } from "./app/router";
import { loadMemberPageData } from "./app/routes";
import { currentUserQuery } from "./features/auth";
import { loadDeployment } from "./lib/deployment";
import { i18n, startI18n } from "./lib/i18n";
import { whenIdle } from "./lib/idle";
import { queryClient } from "./lib/query-client";
import { rememberTimeZone, timeZoneRemembered } from "./lib/time-zone";
import "./index.css";

const rootElement = document.getElementById("root")!;
// The server draws a member's page only in a zone it knows: without the cookie it is written at once,
// for the next page. With it, it is checked once idle: the first read of the device's zone starts
// ICU's time-zone data, tens of milliseconds on a phone, in the task that runs this module.
if (timeZoneRemembered()) whenIdle(rememberTimeZone);
else rememberTimeZone();
/**
 * Whether the root holds the server's drawing of the page the browser is on. A script that moved the
 * address before this code ran (history.pushState) leaves the drawing of another page: that is drawn
 * afresh, as a page the server did not draw, instead of waiting for its data to hydrate a mismatch.
 */
function drawnHere(): boolean {
  if (!rootElement.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) return false;
  const loaded = performance.getEntriesByType("navigation")[0]?.name;
  if (!loaded) return true;
  const { pathname, search } = new URL(loaded);
  return pathname === window.location.pathname && search === window.location.search;
}
const PSEUDO_KEY = "mealshare:pseudo";

/**
 * Whether this device asked for the pseudo-locale (lib/pseudo-locale.ts): `?pseudo=1` turns it on and
 * `?pseudo=0` off, kept in this device's storage.
 */
function wantsPseudoLocale(): boolean {
  try {
    const asked = new URLSearchParams(window.location.search).get("pseudo");
    if (asked === "1") localStorage.setItem(PSEUDO_KEY, "1");
    if (asked === "0") localStorage.removeItem(PSEUDO_KEY);
    return localStorage.getItem(PSEUDO_KEY) === "1";
  } catch {
    return false;
  }
}
// Its texts differ from the server's drawing in every word: the page is drawn afresh, not hydrated.
const pseudoLocale = wantsPseudoLocale() ? import("./lib/pseudo-locale") : undefined;
const serverRendered = drawnHere() && !pseudoLocale;

// Who is signed in (the request index.html preloads, or the answer the server put in a member's page)
// is asked beside the settings and catalogue: a member's shell and page then load with them, and the
// data the page's loader declares is asked as its code arrives, not after the first render
// (docs/decisions/015).
const userKnown = queryClient
  .prefetchQuery(currentUserQuery)
  .then(() => queryClient.getQueryData(currentUserQuery.queryKey));
const pageData = userKnown
  .then((user) =>
    user
      ? loadMemberPageData(queryClient, window.location.pathname, window.location.search, user)
      : undefined,
  )
  // Its chunk not fetched (offline): the page asks for its data itself, and shows why it has none.
  .catch(() => undefined);
const deploymentLoaded = loadDeployment();
const i18nStarted = startI18n(deploymentLoaded.then((d) => d.defaultLanguage));
// The page's code and words too: index.html shows the same spinner until then, and the page renders
// in the app's first render instead of suspending behind it.
const pageLoaded = preloadPage(window.location.pathname, userKnown, i18nStarted);
await Promise.all([
  deploymentLoaded,
  i18nStarted,
  pageLoaded,
  serverRendered ? pageData : undefined,
  pseudoLocale?.then((module) => i18nStarted.then(() => module.startPseudoLocale(i18n))),
]);

if (serverRendered) {
  // In a transition, hydration too yields to the browser every few milliseconds; outside one it is a
  // blocking render, one long task (docs/decisions/019).
  startTransition(() => {
    hydrateRoot(rootElement, <AppRoot />);
  });
} else {
  const root = createRoot(rootElement);
  // In a transition the first render yields to the browser every few milliseconds instead of holding
  // the main thread for one long task (docs/decisions/015 "Phones": Total Blocking Time on a phone).
  startTransition(() => root.render(<AppRoot />));
}
