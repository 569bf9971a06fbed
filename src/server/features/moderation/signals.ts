/**
 * What a text asks for (docs/decisions/020 "The check"): money, a payment link, contact off the
 * platform, a scam's promises. Pure and fast (no database): links and email addresses are found by
 * linkifyjs, their sites named by tldts, phone numbers by libphonenumber-js; the words each signal
 * listens for, in the languages MealShare's neighbours write, are below. Each signal has a weight; the
 * sum is the text's score, which service.ts weighs against the writer's level.
 */
import { findPhoneNumbersInText } from "libphonenumber-js";
import { find as findLinks } from "linkifyjs";
import { getDomain, getHostname } from "tldts";
import {
  CONTACT_ASKS,
  CONTACT_SITES,
  MONEY_ASKS,
  PAYMENT_SITES,
  PAYMENT_WORDS,
  SCAM_PROMISES,
  SHORTENERS,
} from "./words";

/** A reason a text looks like spam; each is shown to moderators by name. */
export type Signal =
  | "payment_link"
  | "contact_link"
  | "short_link"
  | "email_address"
  | "phone_number"
  | "payment_service"
  | "money_ask"
  | "contact_ask"
  | "scam_promise"
  | "link"
  | "many_links"
  | "shouting"
  | "near_copy";

/** How much each signal weighs (docs/decisions/020 "The check"). */
export const SIGNAL_WEIGHTS: Record<Signal, number> = {
  payment_link: 4,
  contact_link: 4,
  short_link: 3,
  email_address: 3,
  phone_number: 3,
  payment_service: 3,
  money_ask: 3,
  contact_ask: 3,
  scam_promise: 2,
  link: 1,
  many_links: 1,
  shouting: 1,
  near_copy: 5,
};

/** Letters people swap in for others to hide a word ("p4yp@l"), inside words that hold letters. */
const LOOKALIKES: Record<string, string> = {
  "@": "a",
  "4": "a",
  "3": "e",
  "1": "i",
  "0": "o",
  $: "s",
  "5": "s",
  "7": "t",
};

/**
 * The text as the word lists read it: lower case, accents of Latin letters dropped (Cyrillic and
 * Arabic kept), lookalike digits and signs inside words turned back into letters, letters spaced out
 * one by one ("p a y p a l") joined, and whitespace made single.
 */
export function normalise(text: string): string {
  const lower = text
    .normalize("NFKD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC")
    .toLowerCase();
  const unmasked = lower.replace(/[\p{L}@$\d]+/gu, (word) =>
    /\p{L}/u.test(word) && /[@$\d]/.test(word)
      ? word.replace(/[@$013457]/g, (c) => LOOKALIKES[c] ?? c)
      : word,
  );
  // "p a y p a l", "p.a.y.p.a.l", "w-h-a-t-s-a-p-p": four or more single letters in a row become one word.
  const joined = unmasked.replace(/(?<![\p{L}])(?:\p{L}[\s.\-_*·]+){3,}\p{L}(?![\p{L}])/gu, (run) =>
    run.replace(/[\s.\-_*·]+/g, ""),
  );
  return joined.replace(/\s+/g, " ").trim();
}

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** One regular expression per list: any of its words, not inside a longer word. */
const anyOf = (words: readonly string[]) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${words.map((word) => escapeRegExp(normalise(word))).join("|")})(?![\\p{L}\\p{N}])`,
    "u",
  );
const PAYMENT_WORD = anyOf(PAYMENT_WORDS);
const MONEY_ASK = anyOf(MONEY_ASKS);
const CONTACT_ASK = anyOf(CONTACT_ASKS);
const SCAM_PROMISE = anyOf(SCAM_PROMISES);

/** The countries whose numbering libphonenumber-js reads numbers without a +country prefix in. */
const PHONE_COUNTRIES = ["GB", "US", "DE", "FR", "ES", "TR", "PL", "UA", "NL", "IT"] as const;
/** Nine digits or more, maybe spaced or dashed ("0 7 7 0 0 - 9 0 0 …"): a number being slipped through. */
const DIGIT_RUN = /(?:\+\s*)?\d(?:[\s\-()]*\d){8,}/;

/** What the check found in a text: its signals, their score, and how many links it holds. */
export interface TextSignals {
  signals: Signal[];
  score: number;
  links: number;
}

/** The site a link goes to: its registrable domain, or its whole host for a listed subdomain service. */
function siteOf(href: string): { host: string; domain: string } {
  const host = (getHostname(href) ?? "").replace(/^www\./, "");
  return { host, domain: getDomain(href) ?? host };
}

const listed = (sites: Set<string>, site: { host: string; domain: string }) =>
  sites.has(site.host) || sites.has(site.domain);

/**
 * Reads one text's signals (docs/decisions/020 "The check").
 * @param text what a member wrote (title and description of a meal joined, a message…)
 * @returns the signals raised (each once), the score they sum to, and the number of links
 */
export function readSignals(text: string): TextSignals {
  const found = new Set<Signal>();
  const links = findLinks(text);
  let urls = 0;
  for (const link of links) {
    if (link.type === "email") {
      found.add("email_address");
      continue;
    }
    if (link.type !== "url") continue;
    urls += 1;
    const site = siteOf(link.href);
    if (listed(PAYMENT_SITES, site)) found.add("payment_link");
    else if (listed(CONTACT_SITES, site)) found.add("contact_link");
    else if (listed(SHORTENERS, site)) found.add("short_link");
    else found.add("link");
  }
  if (urls > 2) found.add("many_links");
  if (hasPhoneNumber(text)) found.add("phone_number");
  const plain = normalise(text);
  if (PAYMENT_WORD.test(plain)) found.add("payment_service");
  if (MONEY_ASK.test(plain)) found.add("money_ask");
  if (CONTACT_ASK.test(plain)) found.add("contact_ask");
  if (SCAM_PROMISE.test(plain)) found.add("scam_promise");
  if (isShouting(text)) found.add("shouting");
  const signals = [...found];
  return { signals, score: scoreOf(signals), links: urls };
}

/** The score of a set of signals: their weights summed. */
export const scoreOf = (signals: readonly Signal[]) =>
  signals.reduce((sum, signal) => sum + SIGNAL_WEIGHTS[signal], 0);

/** Dates and times (28.11.2026, 18:30, 18h30): digits a neighbour writes that are not a number to call. */
const DATES_AND_TIMES = /\b\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{1,2}[:h.]\d{2}\b/g;

/** Whether a phone number is written in the text, as any of the common numbering plans reads it. */
function hasPhoneNumber(text: string): boolean {
  const digits = text.replace(DATES_AND_TIMES, " ");
  // A run spread out with spaces or dashes is a number written to slip past; one written as a plain
  // block of digits (an order number, a code) is a phone number only if a numbering plan says so.
  if (DIGIT_RUN.exec(digits)?.[0].match(/[\s\-()+]/)) return true;
  if (!/\d{3}/.test(digits.replace(/[\s\-().]/g, ""))) return false;
  return PHONE_COUNTRIES.some((country) =>
    findPhoneNumbersInText(digits, country).some(
      (found) =>
        found.number.nationalNumber.length >= 9 &&
        found.number.isValid() &&
        // Written as people write numbers to call: international, with the trunk 0, or grouped. A bare
        // block of digits (an order number, a timestamp) is not taken for one.
        /^[+0]|[\s\-.()]/.test(digits.slice(found.startsAt, found.endsAt)),
    ),
  );
}

/** Mostly capitals over a text long enough to tell. */
function isShouting(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length < 20) return false;
  const capitals = letters.filter((letter) => letter !== letter.toLowerCase()).length;
  return capitals / letters.length > 0.6;
}
