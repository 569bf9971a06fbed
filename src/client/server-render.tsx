/**
 * The first screen's HTML, made on the server from the app's own components (docs/decisions/019): the
 * landing page for a visitor, and for a member a page that opens on its first call's answer (a list's
 * first page, a meal, a thread). It is built by Vite as a server bundle (`vite build --ssr`, into
 * dist/ssr/) and run by src/server/plugins/client.ts; the browser then hydrates it (main.tsx) with the
 * same answers, catalogues and settings, so its first render is this one.
 *
 * The app's modules keep one query cache, one i18next and one set of settings each, as a browser has;
 * renders therefore take turns in the server's process (each is some tens of milliseconds of work whose
 * waits are all on answers already at hand), and each starts from an empty cache.
 */
import { renderToString } from "react-dom/server";
import type { CurrentUser } from "@/contract/auth";
import { pageStartOf } from "@/contract/first-calls";
import type { Deployment } from "@/contract/i18n";
import { supportedLanguage } from "@/contract/languages";
import { DEPLOYMENT_URL, type FirstScreenRequest } from "@/contract/pages";
import { AppRoot } from "./app/app-root";
import { prefetchPageData } from "./app/route-data";
import { preloadPage } from "./app/router";
import { currentUserQuery } from "./features/auth";
import { adoptDeployment } from "./lib/deployment";
import { giveFirstAnswers } from "./lib/first-answers";
import { drawTimesIn } from "./lib/format";
import { speakOnServer } from "./lib/i18n";
import { queryClient } from "./lib/query-client";
import { drawInRegion } from "./lib/region";

let turn: Promise<unknown> = Promise.resolve();

/**
 * The HTML of `request`'s first screen, to go inside the page's root element; null when this page is
 * not rendered on the server (its first call did not answer, or it is not a first screen this renders),
 * and the page is sent as before, drawn by the browser. Never throws.
 */
export function renderFirstScreen(request: FirstScreenRequest): Promise<string | null> {
  const rendered = turn.then(() => render(request)).catch(() => null);
  turn = rendered;
  return rendered;
}

async function render({ pathname, search, language, timeZone, region, answers }: FirstScreenRequest) {
  queryClient.clear();
  drawTimesIn(timeZone);
  drawInRegion(region);
  try {
    const settings = answers.find((answer) => answer.url === DEPLOYMENT_URL);
    if (!settings) return null;
    adoptDeployment(JSON.parse(settings.body) as Deployment);
    giveFirstAnswers(answers);
    await speakOnServer(supportedLanguage(language) ?? "en");
    await queryClient.prefetchQuery(currentUserQuery);
    const user = queryClient.getQueryData<CurrentUser | null>(currentUserQuery.queryKey);
    if (user === undefined) return null;
    if (user) {
      // A member's page shows times: without the browser's zone they could be drawn wrong.
      if (!timeZone) return null;
      // A page that starts with no call is drawn in the browser. A list on its map is drawn here with the
      // map's place loading (meal-results.tsx): Leaflet draws in a browser alone.
      const start = pageStartOf(pathname, new URLSearchParams(search), user);
      if (!start?.call) return null;
      await prefetchPageData(pathname, search, user);
      // Only a page whose first call answered: anything else would be drawn as its loading state.
      const cached = queryClient.getQueryCache().getAll();
      if (cached.length < 2 || cached.some((query) => query.state.status !== "success")) return null;
    } else if (pathname !== "/") return null;
    await preloadPage(pathname, Promise.resolve(user), Promise.resolve());
    return renderToString(<AppRoot ssrPath={pathname} ssrSearch={search} />);
  } finally {
    queryClient.clear();
    giveFirstAnswers([]);
    drawTimesIn(undefined);
    drawInRegion(undefined);
  }
}
