/**
 * A page with its first API answers inside (docs/decisions/015 "Phones"): the server's render of the
 * page (src/client/server-render.tsx) asks the API for what the page shows first — the deployment's
 * settings, the sign-in check, the queries the page's loader declares — and those answers go in the
 * page as JSON that the browser's API client takes instead of asking (src/client/lib/first-answers.ts).
 * On a phone each was a round trip after the code had loaded; the first card's photo waited for them.
 *
 * The answers are made by the API itself (`app.inject`, with the page request's cookie and language),
 * so they are byte for byte what the browser would have been sent: the same authorisation, the same
 * shapes, the same privacy rules.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FirstAnswer } from "@/contract/pages";

/** Response headers the client reads from a list's answer (cursor pagination, the count). */
const KEPT_HEADERS = ["content-type", "link", "x-total-count", "x-total-relation"];

export type { FirstAnswer };

/**
 * `ask(url)`: the API's answer to a GET of `url` as `request`'s browser would get it, whatever its
 * status, with the headers the app reads and the moment it was made (`x-answered-at`, ISO date-time:
 * the live stream's first `ready` compares it with the member's newest event).
 * @param app the app whose API answers (the page's own)
 */
export function askerFor(app: FastifyInstance, request: FastifyRequest) {
  const headers = { cookie: request.headers.cookie ?? "", "accept-language": request.lng };
  return async (url: string): Promise<FirstAnswer> => {
    const answer = await app.inject({ method: "GET", url, headers });
    const kept: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = answer.headers[name];
      if (typeof value === "string") kept[name] = value;
    }
    kept["x-answered-at"] = new Date().toISOString();
    return { url, language: request.lng, status: answer.statusCode, headers: kept, body: answer.body };
  };
}

/**
 * A picture to fetch with the page: its fallback URL, `srcset` and `sizes`, as HTML attribute text
 * (escaped as its `<img>` has them).
 */
export interface FirstPicture {
  href: string;
  srcset: string;
  sizes: string;
}

/**
 * The first `<img>` of a drawn page that is fetched before other images, and its attributes — whose
 * names are any case in HTML (React writes `srcSet` and `fetchPriority` as it spells them).
 */
const FIRST_IMAGE = /<img\b[^>]*\sfetchpriority="high"[^>]*>/i;
const attributeIn = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];

/**
 * The page's largest picture in the HTML the server drew (`html`): the `<img fetchpriority="high">`
 * a page draws first (a list's first card, a meal's hero, a thread's meal:
 * src/client/features/meals/components/meal-photo.tsx), which the browser then fetches beside the page
 * instead of after the code has run. Null when the page draws none (no photo, a list on its map).
 */
export function pictureIn(html: string): FirstPicture | null {
  const tag = FIRST_IMAGE.exec(html)?.[0];
  if (!tag) return null;
  const href = attributeIn(tag, "src");
  const srcset = attributeIn(tag, "srcset");
  const sizes = attributeIn(tag, "sizes");
  return href && srcset && sizes ? { href, srcset, sizes } : null;
}

/** A `<link rel="preload">` for `picture`, as urgent as its `<img>` (`fetchpriority="high"`). */
export function picturePreload({ href, srcset, sizes }: FirstPicture): string {
  return `<link rel="preload" as="image" href="${href}" imagesrcset="${srcset}" imagesizes="${sizes}" fetchpriority="high">`;
}

/**
 * The answers as a `<script type="application/json">` element with id `id`: a data block no browser
 * runs, with every `<` escaped so no text inside (a meal's title, a message) can close it.
 */
export function firstAnswersElement(id: string, answers: FirstAnswer[]): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(answers).replace(/</g, "\\u003c")}</script>`;
}
