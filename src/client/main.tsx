/**
 * The browser entry: the deployment's settings and the first catalogue are loaded (both requests
 * start with the page, beside the sign-in check), then the app renders; the service worker comes
 * after the first paint.
 */
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadMemberPage } from "./app/router";
import { currentUserQuery } from "./features/auth";
import { loadDeployment } from "./lib/deployment";
import { startI18n } from "./lib/i18n";
import { queryClient } from "./lib/query-client";
import "./index.css";

// Who is signed in (the request index.html preloads, or the answer the server put in a member's page)
// is asked beside the settings and catalogue: a member's shell and page then load with them, and the
// page's first API call starts, not after the first render (docs/decisions/015).
void queryClient.prefetchQuery(currentUserQuery).then(() => {
  const user = queryClient.getQueryData(currentUserQuery.queryKey);
  if (!user) return;
  preloadMemberPage(window.location.pathname);
  // Its own chunk: what it imports (the contract's schemas, the lists' filters) is the member pages',
  // and would weigh on the landing page in the entry.
  void import("./app/route-data").then(({ prefetchPageData }) =>
    prefetchPageData(window.location.pathname, window.location.search, user),
  );
});
const deploymentLoaded = loadDeployment();
await Promise.all([deploymentLoaded, startI18n(deploymentLoaded.then((d) => d.defaultLanguage))]);

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

// The service worker (docs/features/notifications.md point 1) after the first page is up: it precaches
// the app shell in the background so the next visit opens offline, and takes over updates by itself.
if ("serviceWorker" in navigator && import.meta.env.PROD) {
  const register = () =>
    void import("virtual:pwa-register").then(({ registerSW }) => registerSW({ immediate: true }));
  // The awaits above may end after `load` has fired: then it is time already.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
