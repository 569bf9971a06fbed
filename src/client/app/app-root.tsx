/**
 * The whole app as both its renders draw it: the browser's (main.tsx) and the server's first screen
 * (server-render.tsx), which the browser hydrates — one tree, so the two match. The router reads the
 * browser's address, or on the server the page's path and query.
 */
import { StrictMode } from "react";
import { Router } from "wouter";
import { App } from "./app";

/**
 * @param ssrPath the page's path, on the server only
 * @param ssrSearch the page's query without "?", on the server only
 */
export function AppRoot({ ssrPath, ssrSearch }: { ssrPath?: string; ssrSearch?: string }) {
  return (
    <StrictMode>
      <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
        <App />
      </Router>
    </StrictMode>
  );
}
