/**
 * The browser entry: the deployment's settings, the first catalogue and, once the sign-in check has
 * answered, the page's code and the catalogues it speaks are loaded (their requests start with the
 * page, named in its HTML), then the app renders, the page in its first render; the service worker
 * comes once that render is up (app/app.tsx).
 */
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadPage } from "./app/router";
import { currentUserQuery } from "./features/auth";
import { loadDeployment } from "./lib/deployment";
import { startI18n } from "./lib/i18n";
import { queryClient } from "./lib/query-client";
import "./index.css";

// Who is signed in (the request index.html preloads, or the answer the server put in a member's page)
// is asked beside the settings and catalogue: a member's shell and page then load with them, and the
// page's first API call starts, not after the first render (docs/decisions/015).
const userKnown = queryClient
  .prefetchQuery(currentUserQuery)
  .then(() => queryClient.getQueryData(currentUserQuery.queryKey));
void userKnown.then((user) => {
  if (!user) return;
  // Its own chunk: what it imports (the contract's schemas, the lists' filters) is the member pages',
  // and would weigh on the landing page in the entry.
  void import("./app/route-data").then(({ prefetchPageData }) =>
    prefetchPageData(window.location.pathname, window.location.search, user),
  );
});
const deploymentLoaded = loadDeployment();
const i18nStarted = startI18n(deploymentLoaded.then((d) => d.defaultLanguage));
// The page's code and words too: index.html shows the same spinner until then, and the page renders
// in the app's first render instead of suspending behind it.
const pageLoaded = preloadPage(window.location.pathname, userKnown, i18nStarted);
await Promise.all([deploymentLoaded, i18nStarted, pageLoaded]);

const root = createRoot(document.getElementById("root")!);
// In a transition the first render yields to the browser every few milliseconds instead of holding
// the main thread for one long task (docs/decisions/015 "Phones": Total Blocking Time on a phone).
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
