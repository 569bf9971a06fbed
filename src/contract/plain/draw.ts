/**
 * The draw's and the fair-use limit's numbers without zod, for the browser's pages that only say them
 * (docs/decisions/015 "Phones"); contract/draw.ts builds on them and re-exports them.
 */

/** No free meal received in this long: two tickets (docs/features/fair-shares.md point 3). */
export const TICKET_BONUS_AFTER_MS = 14 * 24 * 60 * 60 * 1000;

/** The fair-use window (docs/features/fair-shares.md point 4): free meals received in the last 28 days. */
export const FAIR_USE_DAYS = 28;
