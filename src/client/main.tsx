/**
 * The browser entry: the deployment's settings and the first catalogue are loaded (both requests
 * start with the page, beside the sign-in check), then the app renders; the service worker comes
 * after the first paint.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { loadDeployment } from "./lib/deployment";
import { startI18n } from "./lib/i18n";
import "./index.css";

const deploymentLoaded = loadDeployment();
await Promise.all([deploymentLoaded, startI18n(deploymentLoaded.then((d) => d.defaultLanguage))]);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
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
