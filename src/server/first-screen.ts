/**
 * The first screen's HTML from the server (docs/decisions/019): the app's server bundle
 * (src/client/server-render.tsx, built by `vite build --ssr` into dist/ssr/ beside the client) renders
 * a page from the answers it will carry. Without that bundle (a client built alone, the API tests'
 * app) pages are sent as before, drawn by the browser.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type FirstScreen, type FirstScreenRequest, THREAD_END_ID } from "@/contract/pages";

/**
 * Renders a first screen: its HTML for the root element (null when the page is not drawn here) and
 * the API answers it asked for, which the page carries.
 */
export type FirstScreenRenderer = (request: FirstScreenRequest) => Promise<FirstScreen>;

/**
 * The renderer of the server bundle built beside the client in `clientDir` (`../ssr/server-render.js`),
 * loaded when the first page asks for it rather than at start-up (a restart, a readiness probe and an
 * instance that serves only the API do not wait for it); null when there is no bundle. A bundle that
 * fails to load rejects each call, and its caller sends the page for the browser to draw.
 */
export function firstScreenRenderer(clientDir: string): FirstScreenRenderer | null {
  const bundle = path.join(clientDir, "..", "ssr", "server-render.js");
  if (!existsSync(bundle)) return null;
  let loaded: Promise<FirstScreenRenderer> | undefined;
  return (request) => {
    loaded ??= import(pathToFileURL(bundle).href).then(
      (module: { renderFirstScreen: FirstScreenRenderer }) => module.renderFirstScreen,
    );
    return loaded.then((render) => render(request));
  };
}

/** The id of the JSON block that lists a server-drawn page's code, for `CODE_AFTER_PICTURE`. */
export const PAGE_CODE_ID = "page-code";

/**
 * The one inline script of a server-drawn page with a picture: its code (the JSON block
 * `PAGE_CODE_ID`: the entry first, then the chunks its first screen runs) is fetched once the
 * page's first picture (`fetchpriority="high"`) has loaded or failed. On a slow connection the
 * picture shared the bandwidth with ~240 KiB of script and came seconds later; the page is readable
 * without the code, and its links work before it (docs/decisions/019). Fixed text, allowed by its
 * hash in the CSP (`CODE_AFTER_PICTURE_HASH`), no other inline script.
 */
export const CODE_AFTER_PICTURE = `const files=JSON.parse(document.getElementById("${PAGE_CODE_ID}").textContent);const picture=document.querySelector('img[fetchpriority="high"]');const load=()=>{const links=document.createDocumentFragment();for(const href of files.slice(1)){const link=document.createElement("link");link.rel="modulepreload";link.crossOrigin="";link.href=href;links.append(link);}document.head.append(links);import(files[0]);};if(picture&&!picture.complete){picture.addEventListener("load",load,{once:true});picture.addEventListener("error",load,{once:true});}else load();`;

/**
 * The inline script right after a server-drawn page's root: a thread's page opens at its newest
 * message from its first paint, where the app puts it (src/client/features/requests/components/
 * conversation.tsx). Scrolled only once the app had taken over, the page jumped under a member's first
 * tap, and the tap landed elsewhere (docs/features/everyday-journey.md). Allowed by its
 * hash (`NEWEST_IN_VIEW_HASH`).
 */
export const NEWEST_IN_VIEW = `document.getElementById("${THREAD_END_ID}")?.scrollIntoView({block:"end"});`;

/** The CSP source that allows `NEWEST_IN_VIEW`. */
export const NEWEST_IN_VIEW_HASH = `'sha256-${createHash("sha256").update(NEWEST_IN_VIEW).digest("base64")}'`;

/** The CSP source that allows `CODE_AFTER_PICTURE` and nothing else inline. */
export const CODE_AFTER_PICTURE_HASH = `'sha256-${createHash("sha256").update(CODE_AFTER_PICTURE).digest("base64")}'`;
