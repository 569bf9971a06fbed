/**
 * A member's page with its first API answers inside (docs/decisions/015 "Phones"): the sign-in check
 * and the page's first call (src/contract/first-calls.ts) are answered while its HTML is made, and go
 * in it as JSON that the browser's API client takes instead of asking (src/client/lib/first-answers.ts).
 * On a phone each was a round trip after the code had loaded; the first card's photo waited for them.
 *
 * The answers are made by the API itself (`app.inject`, with the page request's cookie and language),
 * so they are byte for byte what the browser would have been sent: the same authorisation, the same
 * shapes, the same privacy rules. Nothing is put in for a request whose session does not answer.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { CurrentUser } from "@/contract/auth";
import {
  type FirstPicture,
  firstCallUrl,
  firstPictureOf,
  mayStartWithCall,
  pageStartOf,
} from "@/contract/first-calls";
import { DEPLOYMENT_URL, type FirstAnswer } from "@/contract/pages";

/** Response headers the client reads from a list's answer (cursor pagination, the count). */
const KEPT_HEADERS = ["content-type", "link", "x-total-count", "x-total-relation"];

/** The sign-in check's URL, which index.html also preloads. */
export const CURRENT_USER_URL = "/api/auth/user";

export type { FirstAnswer };

/** What goes in a member's page: the answers, and its largest picture to fetch with it. */
export interface FirstAnswers {
  answers: FirstAnswer[];
  picture: FirstPicture | null;
}

/**
 * The answers to put in the page `request` asks for: the sign-in check and the page's first call, each
 * when it answered 200, and the deployment's settings; none for a page that starts with no call or a
 * session that is not signed in. The picture is the page's largest (`firstPictureOf`), which the browser
 * then fetches beside the code instead of after the first render. Never throws: a page whose answers
 * could not be made is sent without them, and its browser asks.
 * @param app the app whose API answers (the page's own)
 */
export async function firstAnswersFor(app: FastifyInstance, request: FastifyRequest): Promise<FirstAnswers> {
  try {
    return await answersFor(app, request);
  } catch (error) {
    request.log.warn({ err: error }, "a page's first answers could not be made; it is sent without them");
    return { answers: [], picture: null };
  }
}

/**
 * A visitor's answers (no session cookie): the sign-in check's 401 and the deployment's settings, for a
 * page the server renders signed out (src/client/server-render.tsx), whose browser then asks neither.
 * None when either could not be made.
 */
export async function visitorAnswersFor(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<FirstAnswer[]> {
  try {
    const ask = asker(app, request);
    const user = await ask(CURRENT_USER_URL, 401);
    const deployment = await ask(DEPLOYMENT_URL);
    return user && deployment ? [user, deployment] : [];
  } catch (error) {
    request.log.warn({ err: error }, "a page's first answers could not be made; it is sent without them");
    return [];
  }
}

/** `ask(url, status)`: the API's answer to a GET of `url` as `request`'s browser would get it, if `status`. */
function asker(app: FastifyInstance, request: FastifyRequest) {
  const headers = { cookie: request.headers.cookie ?? "", "accept-language": request.lng };
  return async (url: string, status = 200): Promise<FirstAnswer | null> => {
    const answer = await app.inject({ method: "GET", url, headers });
    if (answer.statusCode !== status) return null;
    const kept: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = answer.headers[name];
      if (typeof value === "string") kept[name] = value;
    }
    // When it was answered: the live stream's first `ready` compares it with the member's newest event.
    kept["x-answered-at"] = new Date().toISOString();
    return { url, language: request.lng, status, headers: kept, body: answer.body };
  };
}

async function answersFor(app: FastifyInstance, request: FastifyRequest): Promise<FirstAnswers> {
  const none = { answers: [], picture: null };
  const query = request.url.indexOf("?");
  const pathname = query < 0 ? request.url : request.url.slice(0, query);
  const search = query < 0 ? "" : request.url.slice(query + 1);
  // A page that never starts with a call (a profile, the requests) costs no session lookup here.
  if (!mayStartWithCall(pathname)) return none;
  const ask = asker(app, request);
  const user = await ask(CURRENT_USER_URL);
  if (!user) return none;
  const start = pageStartOf(pathname, new URLSearchParams(search), JSON.parse(user.body) as CurrentUser);
  if (!start?.call) return none;
  const first = await ask(firstCallUrl(start.call));
  if (!first) return { answers: [user], picture: null };
  const deployment = await ask(DEPLOYMENT_URL);
  return {
    answers: deployment ? [user, first, deployment] : [user, first],
    picture: firstPictureOf(start, JSON.parse(first.body)),
  };
}

/** A `<link rel="preload">` for `picture`, as urgent as its `<img>` (`fetchpriority="high"`). */
export function picturePreload(picture: FirstPicture): string {
  const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  return `<link rel="preload" as="image" href="${attribute(picture.href)}" imagesrcset="${attribute(picture.srcset)}" imagesizes="${attribute(picture.sizes)}" fetchpriority="high">`;
}

/**
 * The answers as a `<script type="application/json">` element with id `id`: a data block no browser
 * runs, with every `<` escaped so no text inside (a meal's title, a message) can close it.
 */
export function firstAnswersElement(id: string, answers: FirstAnswer[]): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(answers).replace(/</g, "\\u003c")}</script>`;
}
