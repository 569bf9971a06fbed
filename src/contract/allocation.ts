/** How portions of a free meal are given (docs/features/fair-shares.md point 1). */
import { z } from "zod";
import { msg } from "./messages";
import { DRAW_ELIGIBILITIES } from "./plain/allocation";

export type { DrawEligibility } from "./plain/allocation";

/** First come (requests the cook accepts), a draw, or the cook choosing among requests. */
export const ALLOCATIONS = ["first_come", "draw", "choose"] as const;
export type Allocation = (typeof ALLOCATIONS)[number];
export const allocationSchema = z.enum(ALLOCATIONS, {
  error: msg("Allocation must be first_come, draw or choose"),
});

/** Who may enter a draw, as the meal form sends it (plain/draw.ts `DRAW_ELIGIBILITIES`). */
export const drawEligibilitySchema = z.enum(DRAW_ELIGIBILITIES, {
  error: msg("Who may enter must be everyone or neighbours"),
});
