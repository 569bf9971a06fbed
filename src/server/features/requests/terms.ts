/**
 * Terms agreed are kept (docs/features/exchange.md "Terms agreed are kept"): an accepted request
 * records the price, pickup window, pickup place and allergens its eater agreed to. A cook's edit that
 * makes them worse for the eater — a higher price, a window that no longer holds the agreed one (later,
 * shorter, or moved), another pickup place, an added allergen — is never applied behind their back:
 * the eater is told exactly what changed (old → new) and asked to keep their portion or give it up.
 * Giving up ends the request on nobody's record (not late, no no-show); keeping it makes the new terms
 * theirs (the answer is status.ts's `answerTermsChange`). A change in the eater's favour (a lower
 * price, a wider window) becomes their terms at once, with the usual notice.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import type { AgreedTerms, TermField, TermsChange } from "../../../contract/requests";
import { displayName } from "../../auth/users";
import { type Executor, queryRows } from "../../db/client";
import { type MealRow, messages, requests, type UserRow } from "../../db/schema";
import { createNotification } from "../notifications";

/**
 * A meal's terms as the eater would agree to them now, in SQL over the meals row named `alias`: the one
 * spelling of `AgreedTerms`, written by an accept and read by an edit (migration 0036's backfill
 * spells it alike, which its test checks).
 */
export const agreedTermsSql = (alias: string) =>
  sql.raw(`jsonb_build_object(
    'priceCents', "${alias}"."price_cents",
    'pickupWindowStart', to_char("${alias}"."pickup_window_start" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'pickupWindowEnd', to_char("${alias}"."pickup_window_end" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'pickupLocation', "${alias}"."pickup_location",
    'allergens', to_jsonb("${alias}"."allergen_codes" || array_remove(regexp_split_to_array(lower(trim("${alias}"."allergens_other")), '\\s*,\\s*'), '')))`);

/**
 * `agreedTermsSql`'s terms of a meal row already read (a cook's edit has the row before and after):
 * the same spelling, which the threads test compares with the SQL's.
 */
export function termsOfMeal(
  meal: Pick<
    MealRow,
    | "priceCents"
    | "pickupWindowStart"
    | "pickupWindowEnd"
    | "pickupLocation"
    | "allergenCodes"
    | "allergensOther"
  >,
): AgreedTerms {
  const other = meal.allergensOther
    ? meal.allergensOther
        .trim()
        .toLowerCase()
        .split(/\s*,\s*/)
        .filter(Boolean)
    : [];
  return {
    priceCents: meal.priceCents,
    pickupWindowStart: meal.pickupWindowStart.toISOString(),
    pickupWindowEnd: meal.pickupWindowEnd.toISOString(),
    pickupLocation: meal.pickupLocation,
    allergens: [...meal.allergenCodes, ...other],
  };
}

/**
 * Which terms differ between two, in the order a thread's line lists them (to the minute for times,
 * as the form writes them; allergens as a set).
 */
export function changedFields(from: AgreedTerms, to: AgreedTerms): TermField[] {
  const minute = (iso: string) => Math.floor(Date.parse(iso) / 60_000);
  const fields: TermField[] = [];
  if (from.priceCents !== to.priceCents) fields.push("price");
  if (
    minute(from.pickupWindowStart) !== minute(to.pickupWindowStart) ||
    minute(from.pickupWindowEnd) !== minute(to.pickupWindowEnd)
  )
    fields.push("window");
  if (from.pickupLocation.trim() !== to.pickupLocation.trim()) fields.push("place");
  if (
    from.allergens.length !== to.allergens.length ||
    from.allergens.some((allergen) => !to.allergens.includes(allergen))
  )
    fields.push("allergens");
  return fields;
}

/**
 * Which of the agreed terms a change makes worse for the eater, so they are asked: a higher price; a
 * window that does not hold the agreed one (it starts later or ends earlier); another pickup place; an
 * allergen not there before. Empty when nothing is worse.
 */
export function worseFields(from: AgreedTerms, to: AgreedTerms): TermField[] {
  const fields: TermField[] = [];
  if ((to.priceCents ?? 0) > (from.priceCents ?? 0)) fields.push("price");
  // To the minute, as the form writes times: a save that drops a window's seconds moves nothing.
  const minute = (iso: string) => Math.floor(Date.parse(iso) / 60_000);
  if (
    minute(to.pickupWindowStart) > minute(from.pickupWindowStart) ||
    minute(to.pickupWindowEnd) < minute(from.pickupWindowEnd)
  )
    fields.push("window");
  if (to.pickupLocation.trim() !== from.pickupLocation.trim()) fields.push("place");
  if (to.allergens.some((allergen) => !from.allergens.includes(allergen))) fields.push("allergens");
  return fields;
}

/** Whether two terms say the same (jsonb keeps its keys in an order of its own, so field by field). */
export const sameTerms = (a: AgreedTerms, b: AgreedTerms) =>
  a.priceCents === b.priceCents &&
  Date.parse(a.pickupWindowStart) === Date.parse(b.pickupWindowStart) &&
  Date.parse(a.pickupWindowEnd) === Date.parse(b.pickupWindowEnd) &&
  a.pickupLocation === b.pickupLocation &&
  a.allergens.length === b.allergens.length &&
  a.allergens.every((allergen) => b.allergens.includes(allergen));

/** What the eater reads when asked, by the most important field changed. */
const ASK_MESSAGES: Record<TermField, ReturnType<typeof msg>> = {
  allergens: msg('{{name}} added allergens to "{{title}}": keep your portion or give it up'),
  price: msg(
    '{{name}} raised the price of "{{title}}" from {{from}} to {{to}}: keep your portion or give it up',
  ),
  window: msg('{{name}} changed the pickup time of "{{title}}": keep your portion or give it up'),
  place: msg('{{name}} moved the pickup of "{{title}}": keep your portion or give it up'),
};

/**
 * After a cook's edit, in its transaction: each accepted request whose agreed terms the edit makes
 * worse is asked (its `termsChange` set, the eater told old → new); one whose terms only got better
 * takes the new terms. A change asked earlier and not yet answered keeps what was agreed as its `from`.
 * @returns the ids of the requests whose eaters were asked (they get no other notice of this edit)
 */
export async function askAboutChangedTerms(
  tx: Executor,
  cook: Pick<UserRow, "firstName" | "lastName" | "nameShown">,
  after: MealRow,
): Promise<Set<string>> {
  const asked = new Set<string>();
  const agreed = await tx
    .select({
      id: requests.id,
      eaterId: requests.eaterId,
      agreedTerms: requests.agreedTerms,
      termsChange: requests.termsChange,
    })
    .from(requests)
    .where(and(eq(requests.mealId, after.id), eq(requests.status, "accepted")))
    .for("update");
  if (agreed.length === 0) return asked;
  const [{ now }] = await queryRows<{ now: AgreedTerms }>(
    tx,
    sql`select ${agreedTermsSql("m")} as now from meals m where m.id = ${after.id}`,
  );
  for (const request of agreed) {
    const pending = request.termsChange?.answer === null ? request.termsChange : null;
    // An edit that leaves the terms as a waiting question put them (a new title, say) asks nothing again.
    if (pending && sameTerms(pending.to, now)) continue;
    const from = pending?.from ?? request.agreedTerms ?? now;
    const fields = worseFields(from, now);
    if (fields.length === 0) {
      await tx
        .update(requests)
        .set({ agreedTerms: now, termsChange: pending ? null : request.termsChange })
        .where(eq(requests.id, request.id));
      continue;
    }
    const change: TermsChange = {
      from,
      to: now,
      fields,
      askedAt: new Date().toISOString(),
      answer: null,
      answeredAt: null,
    };
    await tx.update(requests).set({ termsChange: change }).where(eq(requests.id, request.id));
    await tellOfWorseTerms(tx, cook, after, request, change);
    asked.add(request.id);
  }
  return asked;
}

/** Tells the eater of `request` that the meal's terms got worse, naming the change that matters most. */
async function tellOfWorseTerms(
  tx: Executor,
  cook: Pick<UserRow, "firstName" | "lastName" | "nameShown">,
  after: MealRow,
  request: { id: string; eaterId: string },
  change: TermsChange,
) {
  const first = (["allergens", "price", "window", "place"] as const).find((field) =>
    change.fields.includes(field),
  )!;
  await createNotification(tx, {
    userId: request.eaterId,
    type: "request_status",
    message: ASK_MESSAGES[first],
    params: {
      name: displayName(cook),
      title: after.title,
      fromCents: change.from.priceCents ?? 0,
      toCents: change.to.priceCents ?? 0,
    },
    link: `/request/${request.id}`,
    requestId: request.id,
  });
}

/**
 * Writes the cook's change of a meal into each of its open threads as a line of its own (the terms
 * before and after, and which changed: docs/features/everyday-journey.md), and moves those threads
 * up the Messages view.
 * @param requestIds the meal's open requests
 */
export async function writeChangeLines(
  tx: Executor,
  cookId: string,
  requestIds: string[],
  change: { from: AgreedTerms; to: AgreedTerms; fields: TermField[] },
): Promise<void> {
  if (requestIds.length === 0) return;
  const lines = await tx
    .insert(messages)
    .values(requestIds.map((requestId) => ({ requestId, senderId: cookId, body: "", change })))
    .returning({ requestId: messages.requestId, createdAt: messages.createdAt });
  await tx
    .update(requests)
    .set({ lastActivityAt: lines[0]!.createdAt })
    .where(
      inArray(
        requests.id,
        lines.map((line) => line.requestId),
      ),
    );
}
