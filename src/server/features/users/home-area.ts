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
import type { Executor } from "../../db/client";
import { type UserRow, users } from "../../db/schema";
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
 * Keeps the member's home area, or forgets it (null); what it does to their alerts is the alerts
 * feature's (alerts/home-area.ts).
 * @param area as `setHomeAreaSchema` parsed it: the point is rounded already
 * @returns the member's row after the change
 */
export async function saveHomeArea(
  tx: Executor,
  memberId: string,
  area: z.output<typeof setHomeAreaSchema> | null,
): Promise<UserRow> {
  const [updated] = await tx
    .update(users)
    .set(
      area
        ? {
            homeLatitude: area.latitude,
            homeLongitude: area.longitude,
            homeRadiusKm: area.radiusKm,
            homeLabel: area.label,
            updatedAt: sql`now()`,
          }
        : { homeLatitude: null, homeLongitude: null, homeLabel: null, updatedAt: sql`now()` },
    )
    .where(eq(users.id, memberId))
    .returning();
  return updated;
}
