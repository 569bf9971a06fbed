import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import "./index.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (issue 14 point 1) after the first page is up: it precaches the app shell in
// the background so the next visit opens offline, and takes over updates by itself.
if ("serviceWorker" in navigator && import.meta.env.PROD) {
  window.addEventListener("load", () => {
    void import("virtual:pwa-register").then(({ registerSW }) => registerSW({ immediate: true }));
  });
}
