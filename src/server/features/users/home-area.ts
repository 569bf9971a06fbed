/**
 * A member's home area (docs/DESIGN.md §6c; docs/features/neighbourhood.md point 1): a point rounded
 * to about 100 m (by the contract, before anything keeps it) and a radius, which their lists are local
 * to and their alerts are drawn around. Only its owner reads it; no presenter of another user carries
 * it.
 */
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { msg } from "../../../contract/messages";
import type { HomeArea, setHomeAreaSchema } from "../../../contract/places";
import { type Executor, inTransaction } from "../../db/client";
import { mealAlerts, type UserRow, users } from "../../db/schema";
import { conflict } from "../../errors";

/** The member's home area as they see it, or null while they have none. */
export function presentHomeArea(user: UserRow): HomeArea | null {
  if (user.homeLatitude == null || user.homeLongitude == null) return null;
  return {
    latitude: user.homeLatitude,
    longitude: user.homeLongitude,
    radiusKm: user.homeRadiusKm,
    label: user.homeLabel,
  };
}

/**
 * The member's home area, for a list local to it or an alert around it.
 * @throws AppError 409 `no_home_area` while they have none
 */
export function requireHomeArea(user: UserRow): HomeArea {
  const area = presentHomeArea(user);
  if (!area) throw conflict(msg("Set your home area first."), "no_home_area");
  return area;
}

/**
 * Sets the member's home area; their alerts move with it (they are drawn around it).
 * @param input as `setHomeAreaSchema` parsed it: the point is rounded already
 * @returns the member's row after the change
 */
export async function setHomeArea(
  db: Executor,
  user: UserRow,
  input: z.output<typeof setHomeAreaSchema>,
): Promise<UserRow> {
  return inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        homeLatitude: input.latitude,
        homeLongitude: input.longitude,
        homeRadiusKm: input.radiusKm,
        homeLabel: input.label,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id))
      .returning();
    await tx
      .update(mealAlerts)
      .set({ latitude: input.latitude, longitude: input.longitude })
      .where(eq(mealAlerts.userId, user.id));
    return updated;
  });
}

/**
 * Forgets the member's home area, and with it the alerts drawn around it: keeping them would keep
 * the place the member asked to forget.
 * @returns the member's row after the change
 */
export async function clearHomeArea(db: Executor, user: UserRow): Promise<UserRow> {
  return inTransaction(db, async (tx) => {
    await tx.delete(mealAlerts).where(eq(mealAlerts.userId, user.id));
    const [updated] = await tx
      .update(users)
      .set({ homeLatitude: null, homeLongitude: null, homeLabel: null, updatedAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning();
    return updated;
  });
}
