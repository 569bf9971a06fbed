/**
 * The first screen's HTML from the server (docs/decisions/019): the app's server bundle
 * (src/client/server-render.tsx, built by `vite build --ssr` into dist/ssr/ beside the client) renders
 * a page from the answers it will carry. Without that bundle (a client built alone, the API tests'
 * app) pages are sent as before, drawn by the browser.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FirstScreenRequest } from "@/contract/pages";

/** Renders a first screen: its HTML for the root element, or null when the page is not drawn here. */
export type FirstScreenRenderer = (request: FirstScreenRequest) => Promise<string | null>;

/**
 * Loads the server bundle built beside the client in `clientDir` (`../ssr/server-render.js`); null when
 * there is none.
 */
export async function firstScreenRenderer(clientDir: string): Promise<FirstScreenRenderer | null> {
  const bundle = path.join(clientDir, "..", "ssr", "server-render.js");
  if (!existsSync(bundle)) return null;
  const loaded = (await import(pathToFileURL(bundle).href)) as { renderFirstScreen: FirstScreenRenderer };
  return loaded.renderFirstScreen;
}
