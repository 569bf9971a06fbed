/**
 * What an edited meal tells those who asked for it (docs/features/everyday-journey.md): when its cook
 * changes a meal, every eater with an open request for it (pending, offered or accepted) hears what
 * changed — its allergens first, since they decide whether it is safe to eat; then its pickup time
 * and place; anything else as "changed". One notification per kind of change, in the edit's
 * transaction. An accepted eater whose agreed terms the edit makes worse is asked instead, old → new
 * (requests/terms.ts).
 */
import { and, eq, inArray } from "drizzle-orm";
import { type Message, msg } from "../../../contract/messages";
import { OPEN_REQUEST_STATUSES } from "../../../contract/requests";
import { displayName } from "../../auth/users";
import type { Executor } from "../../db/client";
import { type MealRow, requests, type UserRow } from "../../db/schema";
import { createNotification } from "../notifications";
import { askAboutChangedTerms, changedFields, termsOfMeal, writeChangeLines } from "../requests";

/** The kinds of change an eater is told of, and their words. */
const CHANGE_MESSAGES = {
  allergens: msg('The allergens of "{{title}}" changed: check them before you pick it up'),
  time: msg('{{name}} changed the pickup time of "{{title}}"'),
  place: msg('{{name}} changed where "{{title}}" is picked up'),
  other: msg('{{name}} changed "{{title}}"'),
} satisfies Record<string, Message>;
type Change = keyof typeof CHANGE_MESSAGES;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The kinds of change between a meal before and after an edit, most important first. */
export function changesOf(before: MealRow, after: MealRow): Change[] {
  const changed = (fields: (keyof MealRow)[]) => fields.some((field) => !same(before[field], after[field]));
  const kinds: Change[] = [];
  if (changed(["allergenCodes", "allergensOther", "allergens", "noMajorAllergens", "ingredients"]))
    kinds.push("allergens");
  if (changed(["pickupWindowStart", "pickupWindowEnd"])) kinds.push("time");
  if (changed(["pickupLocation", "pickupLatitude", "pickupLongitude", "pickupDetails"])) kinds.push("place");
  if (
    kinds.length === 0 &&
    changed([
      "title",
      "description",
      "portionSize",
      "priceCents",
      "photoPath",
      "dietTags",
      "storage",
      "reheating",
      "preparedAt",
      "deliveryAvailable",
    ])
  ) {
    kinds.push("other");
  }
  return kinds;
}

/**
 * Tells each eater with an open request for the meal what its cook changed; call it in the edit's
 * transaction with the meal as it was and as it is. Each open thread also gets a line from the cook
 * with the terms that changed, old → new (price, pickup time, place, allergens), so the thread keeps
 * what was said and what was changed in one place.
 */
export async function tellOfChanges(
  tx: Executor,
  cook: Pick<UserRow, "id" | "firstName" | "lastName" | "nameShown">,
  before: MealRow,
  after: MealRow,
): Promise<void> {
  const kinds = changesOf(before, after);
  if (kinds.length === 0) return;
  // Accepted eaters whose agreed terms got worse are asked instead (requests/terms.ts).
  const asked = await askAboutChangedTerms(tx, cook, after);
  const open = await tx
    .select({ id: requests.id, eaterId: requests.eaterId })
    .from(requests)
    .where(and(eq(requests.mealId, after.id), inArray(requests.status, OPEN_REQUEST_STATUSES)));
  const from = termsOfMeal(before);
  const to = termsOfMeal(after);
  const fields = changedFields(from, to);
  if (fields.length > 0)
    await writeChangeLines(
      tx,
      cook.id,
      open.map((request) => request.id),
      { from, to, fields },
    );
  for (const request of open) {
    if (asked.has(request.id)) continue;
    for (const kind of kinds) {
      await createNotification(tx, {
        userId: request.eaterId,
        type: "request_status",
        message: CHANGE_MESSAGES[kind],
        params: { name: displayName(cook), title: after.title },
        link: `/request/${request.id}`,
        requestId: request.id,
      });
    }
  }
}
