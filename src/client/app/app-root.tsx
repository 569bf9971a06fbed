/**
 * The whole app as both its renders draw it: the browser's (main.tsx) and the server's first screen
 * (server-render.tsx), which the browser hydrates — one tree, so the two match. The router reads the
 * browser's address, or on the server the page's path and query.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { StrictMode } from "react";
import { I18nextProvider } from "react-i18next";
import { Router } from "wouter";
import { i18n as browserI18n } from "@/client/lib/i18n";
import { queryClient as browserQueryClient } from "@/client/lib/query-client";
import { App } from "./app";

/**
 * The query client and the i18next instance come by context: the browser's own, or on the server a
 * fresh pair for each render, so two renders never share a cache or a language.
 * @param ssrPath the page's path, on the server only
 * @param ssrSearch the page's query without "?", on the server only
 * @param client the render's query client, on the server only
 * @param i18n the render's i18next instance, speaking the page's language, on the server only
 */
export function AppRoot({
  ssrPath,
  ssrSearch,
  client = browserQueryClient,
  i18n = browserI18n,
}: {
  ssrPath?: string;
  ssrSearch?: string;
  client?: QueryClient;
  i18n?: I18n;
}) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
          <App client={client} />
        </Router>
      </I18nextProvider>
    </StrictMode>
  );
}
