/** How portions of a free meal are given (docs/features/fair-shares.md point 1). */
import { z } from "zod";
import { msg } from "./messages";

/** First come (requests the cook accepts), a draw, or the cook choosing among requests. */
export const ALLOCATIONS = ["first_come", "draw", "choose"] as const;
export type Allocation = (typeof ALLOCATIONS)[number];
export const allocationSchema = z.enum(ALLOCATIONS, {
  error: msg("Allocation must be first_come, draw or choose"),
});

/**
 * Who may enter a draw (docs/decisions/020 "One person, one share"): everyone, or neighbours and
 * trusted members only — members with a completed exchange. Published with the draw.
 */
export const DRAW_ELIGIBILITIES = ["everyone", "neighbours"] as const;
export type DrawEligibility = (typeof DRAW_ELIGIBILITIES)[number];
export const drawEligibilitySchema = z.enum(DRAW_ELIGIBILITIES, {
  error: msg("Who may enter must be everyone or neighbours"),
});
