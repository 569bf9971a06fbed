/**
 * Trust levels and the newcomer limits (docs/decisions/020): the shapes the server sends and the
 * words each limit is explained in, where it applies and on the help pages.
 */
import { z } from "zod";
import { newcomerLimitsSchema } from "./i18n";
import { NEWCOMER_LIMITS, TRUST_LEVELS } from "./plain/trust";

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

/** `GET /api/user/trust`: the member's own level, what it rests on, and the deployment's newcomer limits. */
export const ownTrustSchema = z.object({
  level: trustLevelSchema,
  exchanges: z.number().int(),
  partners: z.number().int(),
  vouches: z.number().int(),
  newcomerLimits: newcomerLimitsSchema,
  /**
   * Each limit's sentence as a catalogue key with its values ("Newcomers can have {{count}} open
   * requests…", count 3), for the page to say where the limit applies.
   */
  notes: z.record(
    z.enum(NEWCOMER_LIMITS),
    z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }),
  ),
});
export type OwnTrust = z.infer<typeof ownTrustSchema>;

/** `PUT /api/users/{id}/vouch`: the vouch as it stands. */
export const vouchSchema = z.object({ userId: z.uuid(), vouched: z.boolean() });
export type Vouch = z.infer<typeof vouchSchema>;
