/**
 * Who may enter a draw (docs/decisions/020 "One person, one share"): everyone, or neighbours and
 * trusted members only — members with a completed exchange. Published with the draw. Without zod and
 * without imports, so the meal form's schema and the draw's share it and neither drags the other in.
 */
export const DRAW_ELIGIBILITIES = ["everyone", "neighbours"] as const;
export type DrawEligibility = (typeof DRAW_ELIGIBILITIES)[number];
