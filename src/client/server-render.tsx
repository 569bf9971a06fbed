/**
 * The first screen's HTML, made on the server from the app's own components (docs/decisions/019): the
 * landing page for a visitor, and for a member a page that declares its data (its `loader`,
 * src/client/lib/page-data.ts) drawn from that data. It is built by Vite as a server bundle
 * (`vite build --ssr`, into dist/ssr/) and run by src/server/plugins/client.ts, which puts the HTML and
 * the API answers the render asked for inside the page; the browser then hydrates it (main.tsx) with
 * the same answers, catalogues and settings, so its first render is this one.
 *
 * Each render has a query client and an i18next instance of its own, given to the app by context, and
 * asks the API through its own request's `ask` (kept for its calls by an AsyncLocalStorage), so renders
 * overlap while they wait for answers. The few settings the app's formats read from modules (the
 * deployment's, the time zone, the region) are set for the synchronous `renderToString` alone, during
 * which no other render's code can run.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { QueryClient } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import type { Deployment } from "@/contract/i18n";
import { supportedLanguage } from "@/contract/languages";
import {
  CURRENT_USER_URL,
  DEPLOYMENT_URL,
  type FirstAnswer,
  type FirstScreen,
  type FirstScreenRequest,
} from "@/contract/pages";
import { AppRoot } from "./app/app-root";
import { preloadPage } from "./app/router";
import { declaresData, loadMemberPageData } from "./app/routes";
import { currentUserQuery } from "./features/auth";
import { askOnServer, getJson } from "./lib/api-client";
import { adoptDeployment } from "./lib/deployment";
import { drawTimesIn } from "./lib/format";
import { speakerOnServer } from "./lib/i18n";
import { makeQueryClient } from "./lib/query-client";
import { drawInRegion } from "./lib/region";

/** The `ask` of the render whose code is running. */
const asking = new AsyncLocalStorage<(url: string) => Promise<Response>>();

askOnServer((url) => {
  const ask = asking.getStore();
  if (!ask) return Promise.reject(new Error(`${url} was asked outside a first screen's render`));
  return ask(url);
});

/** Whether an answer goes inside the page: a success, or the sign-in check's "signed out". */
const carried = (answer: FirstAnswer) =>
  answer.status === 200 || (answer.url === CURRENT_USER_URL && answer.status === 401);

/**
 * `request`'s first screen and the answers it was drawn from. Its HTML is null when the page is not
 * drawn here — a member's page that declares no data, one whose data did not all answer, one without
 * the browser's time zone (its times could be drawn wrong), any visitor's page but the landing page —
 * and the page is then drawn by the browser, with whatever answers were made. Never throws.
 */
export async function renderFirstScreen(request: FirstScreenRequest): Promise<FirstScreen> {
  const answers: FirstAnswer[] = [];
  const client = makeQueryClient();
  const ask = async (url: string) => {
    const answer = await request.ask(url);
    if (carried(answer)) answers.push(answer);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
  try {
    const html = await asking.run(ask, () => draw(request, client));
    return { html, answers };
  } catch {
    return { html: null, answers };
  } finally {
    // Its queries' garbage-collection timers too: nothing of a render outlives it.
    client.clear();
  }
}

async function draw(request: FirstScreenRequest, client: QueryClient): Promise<string | null> {
  const { pathname, search, signedIn, timeZone } = request;
  // A member's page that declares nothing to show first costs no session lookup.
  if (signedIn ? !(await declaresData(pathname)) : pathname !== "/") return null;
  const settings = await getJson<Deployment>(DEPLOYMENT_URL);
  const user = await client.fetchQuery(currentUserQuery);
  if (user) {
    if (!(await loadMemberPageData(client, pathname, search, user))) return null;
    // A member's page shows times: without the browser's zone they could be drawn wrong. Its answers
    // still go in the page, for the browser's own drawing.
    if (!timeZone) return null;
    // Only a page whose data all answered: anything else would be drawn as its loading state.
    if (
      client
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status !== "success")
    )
      return null;
  } else if (pathname !== "/") return null;
  const speaker = await speakerOnServer(supportedLanguage(request.language) ?? "en");
  await preloadPage(pathname, Promise.resolve(user), Promise.resolve(), speaker);
  adoptDeployment(settings);
  drawTimesIn(timeZone);
  drawInRegion(request.region);
  try {
    return renderToString(<AppRoot ssrPath={pathname} ssrSearch={search} client={client} i18n={speaker} />);
  } finally {
    drawTimesIn(undefined);
    drawInRegion(undefined);
  }
}
