/**
 * Trust levels and the newcomer limits (docs/decisions/020): the shapes the server sends and the
 * words each limit is explained in, where it applies and on the help pages.
 */
import { z } from "zod";
import { type Message, msg } from "./messages";

/** A member's level: newcomer → neighbour (a completed exchange) → trusted (docs/decisions/020 "Levels"). */
export const TRUST_LEVELS = ["newcomer", "neighbour", "trusted"] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];
export const trustLevelSchema = z.enum(TRUST_LEVELS);

/**
 * Who is trusted (docs/decisions/020 "Levels"): completed exchanges with this many people, and this
 * many vouches from trusted members — Karrot's "at most 3" people, and a word from someone already
 * trusted, so accounts that only know each other never get there.
 */
export const TRUSTED_PARTNERS = 3;
export const TRUSTED_VOUCHES = 1;
/** Vouches one member may give in 7 days (karrot-frontend #1095: trust is given sparingly). */
export const VOUCHES_PER_WEEK = 3;

/**
 * What a cook is shown of a member who asks them (docs/decisions/020 "Badges"): a plain badge —
 * "New neighbour" without a completed exchange, else their count of exchanges — never a score.
 */
export const trustBadgeSchema = z.object({
  level: trustLevelSchema,
  /** Completed exchanges with other people. */
  exchanges: z.number().int().min(0),
});
export type TrustBadge = z.infer<typeof trustBadgeSchema>;

/** The newcomer limits a deployment publishes (`/api/deployment`; docs/decisions/020 "Limits"). */
export const newcomerLimitsSchema = z.object({
  /** Open requests (pending, accepted or offered) at a time. */
  openRequests: z.number().int().min(1),
  /** Links in one text. */
  linksPerText: z.number().int().min(0),
  /** Draws entered and not yet drawn, at a time. */
  drawEntries: z.number().int().min(1),
  /** Requests a day to cooks they have never asked before. */
  newContactsPerDay: z.number().int().min(1),
});
export type NewcomerLimits = z.infer<typeof newcomerLimitsSchema>;

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

/** `GET /api/user/trust`: the member's own level, what it rests on, and the deployment's newcomer limits. */
export const ownTrustSchema = z.object({
  level: trustLevelSchema,
  exchanges: z.number().int(),
  partners: z.number().int(),
  vouches: z.number().int(),
  newcomerLimits: newcomerLimitsSchema,
});
export type OwnTrust = z.infer<typeof ownTrustSchema>;

/** `PUT /api/users/{id}/vouch`: the vouch as it stands. */
export const vouchSchema = z.object({ userId: z.uuid(), vouched: z.boolean() });
export type Vouch = z.infer<typeof vouchSchema>;
