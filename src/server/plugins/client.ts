/**
 * The built client, with the SPA fallback for its routes: hashed assets cached for a year, the rest
 * revalidated; any other path under /api is a JSON 404. A page's index.html names the chunks and
 * catalogues its first screen needs (src/server/page-preloads.ts), so a phone fetches them at once.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import accepts from "accepts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { directionOf, regionFor, TIME_ZONE_COOKIE } from "@/contract/languages";
import {
  CURRENT_USER_URL,
  DEPLOYMENT_URL,
  FIRST_ANSWERS_ID,
  type FirstScreen,
  SERVER_RENDERED_ATTRIBUTE,
  THREAD_END_ID,
} from "@/contract/pages";
import { mealListShell } from "@/contract/plain/skeleton";
import { SESSION_COOKIE } from "../auth/sessions";
import { compressionFor } from "../compression";
import {
  askerFor,
  type FirstAnswer,
  type FirstPicture,
  firstAnswersElement,
  pictureIn,
  picturePreload,
} from "../first-answers";
import { CODE_AFTER_PICTURE, firstScreenRenderer, NEWEST_IN_VIEW, PAGE_CODE_ID } from "../first-screen";
import { pagePreloads } from "../page-preloads";

/**
 * index.html with `files` preloaded, compressed for each encoding once: a handful of variants in all.
 * `withAnswers` makes one page's own: its first API answers inside (../first-answers.ts), compressed
 * for that request alone, and without the preload of the sign-in check it answers already.
 */
function preloadedIndex(indexHtml: string) {
  const spinnerPage = readFileSync(indexHtml, "utf8");
  const withShell = (shell: string | null) =>
    shell
      ? spinnerPage.replace(ROOT_CONTENT, (_whole, open: string) => `${open}${shell}</div>`)
      : spinnerPage;
  const variants = new Map<string, Buffer>();
  return {
    shared(files: string[], acceptEncoding: string | undefined, shell: string | null, language: string) {
      const html = inLanguage(withShell(shell), language);
      // Links only lengthen the page, so its encoding is known before it is made; a page request then
      // costs a lookup, not a 50 KB copy, once its variant exists.
      const { encoding, compress } = compressionFor(acceptEncoding, html.length, { kept: true });
      const key = `${encoding ?? "identity"} ${language} ${shell ? "shell " : ""}${files.join(" ")}`;
      let sent = variants.get(key);
      if (!sent) {
        const body = Buffer.from(html.replace("</head>", `${links(files)}</head>`));
        sent = compress ? compress(body) : body;
        variants.set(key, sent);
      }
      return { body: sent, encoding };
    },
    withAnswers(
      files: string[],
      { answers, picture }: { answers: FirstAnswer[]; picture: FirstPicture | null },
      acceptEncoding: string | undefined,
      shell: { html: string; rendered: boolean } | null,
      language: string,
    ) {
      // The picture first: it is what the page's largest paint waits for. A page the server drew
      // fetches its code once that picture is in (codeAfterPicture).
      const later = Boolean(shell?.rendered && picture);
      const head = `${picture ? picturePreload(picture) : ""}${later ? "" : links(files)}</head>`;
      // Replaced by functions: a "$'" in a meal's title is text, not a replacement pattern.
      let page = inLanguage(
        shell?.rendered ? withFirstScreen(spinnerPage, shell.html) : withShell(shell?.html ?? null),
        language,
      )
        .replace("</head>", () => head)
        .replace("</body>", () => `${firstAnswersElement(FIRST_ANSWERS_ID, answers)}</body>`);
      // What the page carries is not asked again: index.html's preload of it goes.
      for (const url of PRELOADED_ANSWERS)
        if (answers.some((answer) => answer.url === url))
          page = page.replace(new RegExp(`<link rel="preload" href="${url}"[^>]*>\\s*`), "");
      if (later) page = codeAfterPicture(page, files);
      const { encoding, compress } = compressionFor(acceptEncoding, page.length);
      const body = Buffer.from(page);
      return { body: compress ? compress(body) : body, encoding };
    },
  };
}

/**
 * The spinner page with the app's own first screen in its root, which the browser hydrates
 * (src/client/main.tsx). Until then its controls do nothing, and say so (`aria-disabled`, which the
 * app removes once it has taken over).
 */
function withFirstScreen(spinnerPage: string, html: string): string {
  return spinnerPage.replace(
    ROOT_CONTENT,
    () =>
      `<div id="root" ${SERVER_RENDERED_ATTRIBUTE} aria-disabled="true">${html}</div>` +
      (html.includes(`id="${THREAD_END_ID}"`) ? `<script>${NEWEST_IN_VIEW}</script>` : ""),
  );
}

/** `<link rel="modulepreload">` for each of `files`. */
const links = (files: string[]) =>
  files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");

/**
 * `page` with its `<html>` in the request's language and that language's direction, from the first
 * byte (docs/STYLE.md "Direction"): a right-to-left page is not drawn left to right first.
 */
function inLanguage(page: string, language: string): string {
  return page.replace('<html lang="en">', () => `<html lang="${language}" dir="${directionOf(language)}">`);
}

/** The answers index.html preloads: fixed paths, safe inside a pattern (a list's URL would not be). */
const PRELOADED_ANSWERS = [CURRENT_USER_URL, DEPLOYMENT_URL];

/** index.html's entry script, and the chunks Vite names for it to fetch at once. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * `page` with its code (the entry, the chunks index.html preloads, then `files`) listed in a data
 * block that ../first-screen.ts's `CODE_AFTER_PICTURE` fetches once the page's first picture is in,
 * instead of in its head beside the picture. Unchanged when it names no entry.
 */
function codeAfterPicture(page: string, files: string[]): string {
  const entry = ENTRY_SCRIPT.exec(page)?.[1];
  if (!entry) return page;
  const code = [entry, ...[...page.matchAll(MODULE_PRELOAD)].map((link) => link[1] ?? ""), ...files];
  const loader = `<script type="application/json" id="${PAGE_CODE_ID}">${JSON.stringify(code)}</script><script>${CODE_AFTER_PICTURE}</script>`;
  return page
    .replace(ENTRY_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace("</body>", () => `${loader}</body>`);
}

/** What index.html's root holds before the app renders (the spinner), up to the end of the body. */
const ROOT_CONTENT = /(<div id="root">)[\s\S]*?<\/div>(?=\s*<\/body>)/;

/**
 * The browser's time zone, as the app keeps it in a cookie (`TIME_ZONE_COOKIE`); undefined when there
 * is none or it names no zone this server knows.
 */
function timeZoneOf(request: FastifyRequest): string | undefined {
  const zone = request.cookies[TIME_ZONE_COOKIE];
  if (!zone) return undefined;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * The browser's region for the request's language, from its `Accept-Language` in order, by the rule
 * the app follows with `navigator.languages` (contract/languages.ts `regionFor`).
 */
function regionOf(request: FastifyRequest): string | undefined {
  return regionFor(request.lng, accepts(request.raw).languages());
}

/** The pages that open on a list of meals (Community, Marketplace). */
const isMealList = (pathname: string) => pathname === "/community" || pathname === "/marketplace";

/** The built files: hashed assets cached for a year, the rest revalidated. */
async function serveBuiltFiles(app: FastifyInstance, clientDir: string) {
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: true,
    // "/" is a page like the others (registerClient), with its own preloads.
    index: false,
    // index.html.br, assets/*.js.gz … written by the build (vite.config.ts).
    preCompressed: true,
    // Our own Cache-Control below, not send's "public, max-age=0".
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
}

/**
 * A page's first screen as the app draws it (src/client/server-render.tsx), with the answers it was
 * drawn from; none for a request that is not a GET, or a visitor's page other than the landing page.
 */
function firstScreenOf(app: FastifyInstance, renderer: ReturnType<typeof firstScreenRenderer> | null) {
  return async (request: FastifyRequest, pathname: string): Promise<FirstScreen | null> => {
    const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
    if (!renderer || request.method !== "GET" || (!signedIn && pathname !== "/")) return null;
    const query = request.url.indexOf("?");
    return renderer({
      pathname,
      search: query < 0 ? "" : request.url.slice(query + 1),
      language: request.lng,
      timeZone: timeZoneOf(request),
      region: regionOf(request),
      signedIn,
      ask: askerFor(app, request),
    }).catch((error: unknown) => {
      // The bundle itself did not load: the page goes as before, for the browser to draw.
      request.log.error({ err: error }, "the first screen could not be drawn");
      return null;
    });
  };
}

/** @param clientDir the built client's folder; without its index.html only the API is served */
export async function registerClient(app: FastifyInstance, clientDir: string) {
  const indexHtml = path.join(clientDir, "index.html");
  const hasClient = existsSync(indexHtml);
  if (hasClient) await serveBuiltFiles(app, clientDir);
  const preloadsFor = hasClient ? pagePreloads(clientDir) : null;
  const index = hasClient ? preloadedIndex(indexHtml) : null;

  const renderer = hasClient ? firstScreenRenderer(clientDir) : null;

  const firstScreen = firstScreenOf(app, renderer);

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
    const pathname = request.url.split("?")[0] ?? "/";
    const files = preloadsFor?.({ pathname, signedIn, language: request.lng }) ?? [];
    // What a page names depends on who asks: a cache in between must not hand one's to another.
    reply.header("Cache-Control", "no-cache").header("Vary", "Accept-Encoding, Accept-Language, Cookie");
    if (!index || files.length === 0) return reply.sendFile("index.html");
    // A member's page that declares its data, and the landing page for a visitor, are drawn here.
    const drawn = await firstScreen(request, pathname);
    const answers = drawn?.answers ?? [];
    // Else a member's list shows its cards' outlines (contract/plain/skeleton.ts) until the app draws it.
    const shell = drawn?.html
      ? { html: drawn.html, rendered: true }
      : isMealList(pathname) && signedIn
        ? { html: mealListShell("Loading"), rendered: false }
        : null;
    // A member's own answers: for their browser alone, kept by no cache.
    if (signedIn && answers.length) reply.header("Cache-Control", "private, no-cache");
    const picture = drawn?.html ? pictureIn(drawn.html) : null;
    const { body, encoding } = answers.length
      ? index.withAnswers(files, { answers, picture }, request.headers["accept-encoding"], shell, request.lng)
      : index.shared(files, request.headers["accept-encoding"], shell?.html ?? null, request.lng);
    if (encoding) reply.header("Content-Encoding", encoding);
    return reply.type("text/html; charset=utf-8").send(body);
  };

  // fastify-static answers a folder with 403 when it is not to serve its index.html.
  if (hasClient) app.get("/", sendPage);
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === "GET" && !request.url.startsWith("/api/") && !request.url.startsWith("/oidc");
    if (isPage && hasClient) return sendPage(request, reply);
    return reply.status(404).send({ message: "Not found", code: "not_found" });
  });
}
