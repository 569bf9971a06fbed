/**
 * Trust levels and the newcomer limits (docs/decisions/020): the shapes the server sends and the
 * words each limit is explained in, where it applies and on the help pages.
 */
import { z } from "zod";
import { TRUST_LEVELS } from "./plain/trust";

export * from "./plain/trust";

export const trustLevelSchema = z.enum(TRUST_LEVELS);

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
