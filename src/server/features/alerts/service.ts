/**
 * A member's alerts for new meals (docs/features/neighbourhood.md point 6): saved from a local list,
 * drawn around their home area, listed in Settings to pause or delete. The search text becomes the
 * same full-text query the list runs (search.ts), and the allergens to avoid are kept as chosen and
 * matched when a meal is posted by the rule the list hides by (meals/allergen-match.ts), so an alert
 * tells of exactly the meals its list would show.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { ALERTS_MAX, type Alert, type createAlertSchema } from "../../../contract/alerts";
import type { MealKind } from "../../../contract/meals";
import { msg } from "../../../contract/messages";
import { type Executor, inTransaction } from "../../db/client";
import { mealAlerts, type UserRow, users } from "../../db/schema";
import { conflict, notFound, validation } from "../../errors";
import { buildSearchQuery } from "../meals";
import { requireHomeArea } from "../users";

type AlertRow = typeof mealAlerts.$inferSelect;

function presentAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    q: row.queryText,
    kind: row.kind as MealKind | null,
    excludeAllergens: row.excludeAllergens,
    radiusKm: row.radiusKm,
    paused: row.paused,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The member's alerts, newest first (at most `ALERTS_MAX`). */
export async function listAlerts(db: Executor, user: Pick<UserRow, "id">): Promise<Alert[]> {
  const rows = await db
    .select()
    .from(mealAlerts)
    .where(eq(mealAlerts.userId, user.id))
    .orderBy(desc(mealAlerts.createdAt), desc(mealAlerts.id))
    .limit(ALERTS_MAX);
  return rows.map(presentAlert);
}

/**
 * Saves an alert around the member's home area. Saving the same alert again returns the one there.
 * @returns the alert, and whether it is new
 * @throws AppError 409 `no_home_area` without a home area, 409 `too_many_alerts` at `ALERTS_MAX`,
 *   400 when the search text holds no word
 */
export async function createAlert(
  db: Executor,
  user: UserRow,
  input: z.output<typeof createAlertSchema>,
): Promise<{ alert: Alert; created: boolean }> {
  const home = requireHomeArea(user);
  const radiusKm = input.radiusKm ?? home.radiusKm;
  const query = input.q ? await buildSearchQuery(db, input.q) : null;
  if (input.q && !query) {
    throw validation(msg("Search for a word, or save the alert without one"), {
      q: msg("Search for a word, or save the alert without one"),
    });
  }
  return inTransaction(db, async (tx) => {
    // Saves of one member's alerts take turns on the member's row: locking the alerts that exist would
    // not stop two saves inserting at once past the cap (docs/features/neighbourhood.md point 6).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("no key update");
    // One member's alerts are few: the duplicate check and the count read them through their index.
    const existing = await tx.select().from(mealAlerts).where(eq(mealAlerts.userId, user.id));
    const same = existing.find(
      (alert) =>
        alert.queryText === (input.q ?? null) &&
        alert.kind === (input.kind ?? null) &&
        alert.radiusKm === radiusKm &&
        [...alert.excludeAllergens].sort().join(",") === [...input.excludeAllergens].sort().join(","),
    );
    if (same) return { alert: presentAlert(same), created: false };
    if (existing.length >= ALERTS_MAX) {
      throw conflict(
        msg("You can keep at most {{max}} alerts. Delete one first.", { max: ALERTS_MAX }),
        "too_many_alerts",
      );
    }
    const [row] = await tx
      .insert(mealAlerts)
      .values({
        userId: user.id,
        queryText: input.q ?? null,
        query: query ? sql`to_tsquery('mealshare', ${query})` : null,
        kind: input.kind ?? null,
        excludeAllergens: input.excludeAllergens,
        latitude: home.latitude,
        longitude: home.longitude,
        radiusKm,
      })
      .returning();
    return { alert: presentAlert(row), created: true };
  });
}

/**
 * Pauses or resumes one of the member's alerts.
 * @throws AppError 404 when it is not theirs (or gone)
 */
export async function setAlertPaused(
  db: Executor,
  user: Pick<UserRow, "id">,
  id: string,
  paused: boolean,
): Promise<Alert> {
  const [row] = await db
    .update(mealAlerts)
    .set({ paused })
    .where(and(eq(mealAlerts.id, id), eq(mealAlerts.userId, user.id)))
    .returning();
  if (!row) throw notFound(msg("Alert not found"));
  return presentAlert(row);
}

/**
 * Deletes one of the member's alerts.
 * @throws AppError 404 when it is not theirs (or gone)
 */
export async function deleteAlert(db: Executor, user: Pick<UserRow, "id">, id: string): Promise<void> {
  const deleted = await db
    .delete(mealAlerts)
    .where(and(eq(mealAlerts.id, id), eq(mealAlerts.userId, user.id)))
    .returning({ id: mealAlerts.id });
  if (deleted.length === 0) throw notFound(msg("Alert not found"));
}
