/**
 * Who may make a meal's draw now, and why not (docs/features/fair-shares.md): the one place it is
 * decided, asked by the Draw now endpoint (`drawNow`) and sent as the draw's `abilities.drawNow`.
 * Pure.
 */
import { msg } from "../../../contract/messages";
import { type AppError, conflict, forbidden } from "../../errors";

/**
 * Why `viewerId` may not make the draw now, or null: the meal's cook, once someone has entered and
 * before it is made (a draw cannot be undone).
 */
export function drawNowRefusal(
  viewerId: string | null,
  meal: { ownerId: string },
  draw: { drawnAt: Date | null; entries: number },
): AppError | null {
  if (meal.ownerId !== viewerId) return forbidden(msg("Only the cook can make the draw."));
  if (draw.drawnAt) return conflict(msg("This draw is made already."), "already_drawn");
  if (draw.entries === 0) return conflict(msg("Nobody has entered the draw yet."), "no_entries");
  return null;
}
