/**
 * Trust's words and numbers without zod, for the browser (docs/decisions/015 "Phones";
 * docs/decisions/020): the levels, what makes a member trusted, the newcomer limits' names and the
 * sentence each is said in.
 */
import { type Message, msg } from "../messages";

/** A member's level: newcomer → neighbour (a completed exchange) → trusted (docs/decisions/020 "Levels"). */
export const TRUST_LEVELS = ["newcomer", "neighbour", "trusted"] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];
/**
 * Who is trusted (docs/decisions/020 "Levels"): completed exchanges with this many people, and this
 * many vouches from trusted members — Karrot's "at most 3" people, and a word from someone already
 * trusted, so accounts that only know each other never get there.
 */
export const TRUSTED_PARTNERS = 3;
export const TRUSTED_VOUCHES = 1;
/** Vouches one member may give in 7 days (karrot-frontend #1095: trust is given sparingly). */
export const VOUCHES_PER_WEEK = 3;

/** The newcomer limits a deployment publishes (`/api/deployment`; docs/decisions/020 "Limits"). */
export interface NewcomerLimits {
  /** Open requests (pending, accepted or offered) at a time. */
  openRequests: number;
  /** Links in one text. */
  linksPerText: number;
  /** Draws entered and not yet drawn, at a time. */
  drawEntries: number;
  /** Requests a day to cooks they have never asked before. */
  newContactsPerDay: number;
}

/** The limits' names, in the order the help page lists them. */
export const NEWCOMER_LIMITS = ["openRequests", "linksPerText", "drawEntries", "newContactsPerDay"] as const;
export type NewcomerLimit = (typeof NEWCOMER_LIMITS)[number];

/**
 * Each limit in one sentence, with how it lifts — shown where it applies, in the refusal, and on the
 * help page, in the language's plural for `count` (the configured number).
 * @returns the English text; its catalogue key and values are remembered (`messageKey`)
 */
export function newcomerLimitText(limit: NewcomerLimit, count: number): Message {
  switch (limit) {
    case "openRequests":
      return msg("Newcomers can have {{count}} open requests; a completed pickup lifts this.", { count });
    case "linksPerText":
      return msg("Newcomers can put {{count}} links in a text; a completed pickup lifts this.", { count });
    case "drawEntries":
      return msg("Newcomers can be in {{count}} draws at a time; a completed pickup lifts this.", { count });
    case "newContactsPerDay":
      return msg("Newcomers can ask {{count}} new cooks a day; a completed pickup lifts this.", { count });
  }
}
