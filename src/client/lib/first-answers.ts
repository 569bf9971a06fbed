/**
 * The API answers the server put inside this page (src/server/first-answers.ts, docs/decisions/015
 * "Phones"): the settings, the sign-in check and what the page's loader declares, answered while the
 * server drew the page (src/client/server-render.tsx), so a phone
 * does not wait for their round trips. The API client takes each once, as the answer to the same GET
 * in the same language, during the page's first moments; after that, or for anything else, it asks.
 */
import { FIRST_ANSWERS_ID, type FirstAnswer } from "@/contract/pages";

/**
 * How long after the page opened (`performance.now()`'s origin) an answer may stand in for asking
 * (ms): it is what the server knew then, so only the first screen's calls, made at once, use it.
 */
const FRESH_FOR_MS = 30_000;

let answers: Map<string, FirstAnswer> | undefined;
/** When the oldest answer this page took was made (ms since the epoch, the server's clock), if any. */
let oldestTaken: number | undefined;

/**
 * When the oldest of the answers the page took from inside itself was made (server time, ms), or
 * undefined when it took none: what the first screen shows is at least as new as this.
 */
export const firstAnswersMadeAt = (): number | undefined => oldestTaken;

function read(): Map<string, FirstAnswer> {
  const element = document.getElementById(FIRST_ANSWERS_ID);
  let list: FirstAnswer[] = [];
  try {
    list = element?.textContent ? (JSON.parse(element.textContent) as FirstAnswer[]) : [];
  } catch {
    // A page that does not carry them intact: every call is asked.
  }
  return new Map(list.map((answer) => [answer.url, answer]));
}

/**
 * The server's answer to `GET url` in `language` as a `Response`, once; null when it did not answer
 * it, already gave it, answered it in another language, or the page is no longer fresh. Before the
 * app's language is known (`language` undefined: the sign-in check starts with the page) the server's
 * is taken: it decided it by the rule the app starts from (src/server/i18n.ts `requestLanguage`).
 */
export function takeFirstAnswer(url: string, language: string | undefined): Response | null {
  answers ??= read();
  const answer = answers.get(url);
  const otherLanguage = language !== undefined && answer?.language !== language;
  // In another language it is left for the same call once the app's language is known.
  if (!answer || otherLanguage || performance.now() > FRESH_FOR_MS) return null;
  answers.delete(url);
  const madeAt = Date.parse(answer.headers["x-answered-at"] ?? "");
  if (!Number.isNaN(madeAt)) oldestTaken = Math.min(oldestTaken ?? madeAt, madeAt);
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
