/**
 * What a member's data export holds besides their files (docs/decisions/017 lists it): one JSON file
 * per kind of data, read for the member alone — the other side of a thread by first name only.
 */
import { sql } from "drizzle-orm";
import { strToU8, type Zippable } from "fflate";
import { type Executor, queryRows } from "../../db/client";
import type { UserRow } from "../../db/schema";

/** Rows of `statement` for the member (`$1`-free SQL built with their id). */
export const rows = (db: Executor, statement: ReturnType<typeof sql>) =>
  queryRows<Record<string, unknown>>(db, statement);

/** Adds `value` to `files` as pretty JSON named `name`. */
type AddJson = (name: string, value: unknown) => void;

/** A date-time as PostgreSQL writes it in text or JSON ("2026-11-28 17:31:48.522+00"). */
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/**
 * One shape for every file, as the export's README promises: keys in camelCase (a table's own
 * column names are snake_case), date-times in ISO 8601 UTC (`2026-11-28T17:31:48.522Z`) whether
 * the driver gave a Date or PostgreSQL wrote text inside JSON.
 */
export function tidy(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return PG_TIMESTAMP.test(value) ? new Date(value).toISOString() : value;
  if (Array.isArray(value)) return value.map(tidy);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase()),
        tidy(inner),
      ]),
    );
  return value;
}

/**
 * The export's JSON files of `member`, by file name.
 * @returns a fflate `Zippable` of UTF-8 JSON files
 */
export async function dataFiles(db: Executor, member: UserRow): Promise<Zippable> {
  const files: Zippable = {};
  const json: AddJson = (name, value) => {
    files[name] = strToU8(`${JSON.stringify(tidy(value), null, 2)}\n`);
  };
  await exchangeFiles(db, member, json);
  await communityFiles(db, member.id, json);
  await listFiles(db, member.id, json);
  await accountFiles(db, member.id, json);
  await paymentFiles(db, member.id, json);
  return files;
}

/** The profile, home area and allergies, the meals posted, and each request with its thread. */
async function exchangeFiles(db: Executor, member: UserRow, json: AddJson): Promise<void> {
  const id = member.id;
  json("profile.json", {
    id,
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    nameShown: member.nameShown,
    bio: member.bio,
    role: member.role,
    isRegisteredCook: member.isRegisteredCook,
    cookCertificateExpiresOn: member.cookCertificateExpiresOn,
    locale: member.locale,
    newsletterOptIn: member.newsletterOptIn,
    notificationPreferences: member.notificationPreferences,
    // Whether mail to the address stopped after repeated refusals (docs/features/notifications.md).
    emailDelivery: {
      failuresInARow: member.mailFailures,
      stoppedAt: member.mailStoppedAt?.toISOString() ?? null,
    },
    dietaryPrefs: member.dietaryPrefs,
    dietTags: member.dietTags,
    memberSince: member.createdAt.toISOString(),
    ratingReceived: { sum: member.ratingSum, count: member.ratingCount },
    impact: { mealsShared: member.mealsShared, portionsShared: member.portionsShared },
  });
  json("home-area.json", {
    latitude: member.homeLatitude,
    longitude: member.homeLongitude,
    radiusKm: member.homeRadiusKm,
    label: member.homeLabel,
  });
  json("allergies.json", { allergyCodes: member.allergyCodes, allergiesOther: member.allergiesOther });
  const meals = await rows(
    db,
    sql`select id, title, description, ingredients, allergens, allergen_codes, diet_tags, kind, price_cents,
          portion_size, portions_taken, pickup_window_start, pickup_window_end, pickup_location, pickup_details,
          pickup_latitude, pickup_longitude, photo_path, prepared_at, storage, reheating, group_id, members_only,
          is_active, created_at
        from meals where owner_id = ${id} order by created_at`,
  );
  json("meals.json", meals);
  // Each request with its thread: the member's words whole, the other side by first name only.
  const requests = await rows(
    db,
    sql`select r.id, r.meal_id as "mealId", m.title as "mealTitle",
          case when r.eater_id = ${id} then 'eater' else 'feeder' end as "yourSide",
          other.first_name as "otherSideFirstName", r.status, r.message, r.portions_requested as "portionsRequested",
          r.portions, r.agreed_terms as "agreedTerms", r.late_cancel as "lateCancel", r.created_at as "createdAt",
          coalesce((select json_agg(json_build_object(
              'at', msg.created_at, 'from', case when msg.sender_id = ${id} then 'you' else other.first_name end,
              'text', msg.body, 'photo', case when msg.photo_id is not null and msg.sender_id = ${id}
                then 'thread-photos/' || msg.photo_id || '.webp' end) order by msg.created_at)
            from messages msg where msg.request_id = r.id), '[]') as messages
        from requests r join meals m on m.id = r.meal_id
          join users other on other.id = case when r.eater_id = ${id} then r.feeder_id else r.eater_id end
        where r.eater_id = ${id} or r.feeder_id = ${id} order by r.created_at`,
  );
  json("requests-and-messages.json", requests);
}

/** Reviews, reports and groups. */
async function communityFiles(db: Executor, id: string, json: AddJson): Promise<void> {
  json(
    "reviews-given.json",
    await rows(
      db,
      sql`select rv.rating, rv.text, rv.reviewer_role as "yourRole", rv.meal_id as "mealId", u.first_name as "about", rv.created_at as "createdAt"
          from reviews rv join users u on u.id = rv.reviewee_id where rv.reviewer_id = ${id} order by rv.created_at`,
    ),
  );
  json(
    "reviews-received.json",
    await rows(
      db,
      sql`select rv.rating, rv.text, rv.reviewer_role as "theirRole", rv.meal_id as "mealId", u.first_name as "from", rv.created_at as "createdAt"
          from reviews rv join users u on u.id = rv.reviewer_id where rv.reviewee_id = ${id} order by rv.created_at`,
    ),
  );
  json(
    "reports-made.json",
    await rows(
      db,
      sql`select target_type as "targetType", target_id as "targetId", reason, resolved, created_at as "createdAt"
          from reports where reporter_id = ${id} order by created_at`,
    ),
  );
  json(
    "groups.json",
    await rows(
      db,
      sql`select g.id, g.name, gm.role, gm.status, gm.created_at as "joinedAt"
          from group_members gm join groups g on g.id = gm.group_id where gm.user_id = ${id} order by gm.created_at`,
    ),
  );
}

/** Alerts, saved and hidden meals. */
async function listFiles(db: Executor, id: string, json: AddJson): Promise<void> {
  json(
    "alerts.json",
    await rows(
      db,
      sql`select query_text as "query", kind, exclude_allergens as "excludeAllergens", latitude, longitude,
            radius_km as "radiusKm", paused, created_at as "createdAt"
          from meal_alerts where user_id = ${id} order by created_at`,
    ),
  );
  json(
    "saved-meals.json",
    await rows(
      db,
      sql`select s.meal_id as "mealId", m.title, s.created_at as "savedAt"
          from saved_meals s join meals m on m.id = s.meal_id where s.user_id = ${id} order by s.created_at`,
    ),
  );
  json("hidden-from-lists.json", {
    meals: await rows(
      db,
      sql`select h.meal_id as "mealId", m.title, h.created_at as "hiddenAt"
          from hidden_meals h join meals m on m.id = h.meal_id where h.user_id = ${id} order by h.created_at`,
    ),
    cooks: await rows(
      db,
      sql`select h.cook_id as "cookId", u.first_name as "firstName", h.created_at as "hiddenAt"
          from hidden_cooks h join users u on u.id = h.cook_id where h.user_id = ${id} order by h.created_at`,
    ),
  });
}

/** Notifications, draws and fair use, blocks, sessions and passkeys, cook applications. */
async function accountFiles(db: Executor, id: string, json: AddJson): Promise<void> {
  json(
    "notifications.json",
    await rows(
      db,
      sql`select type, text, link, is_read as "isRead", created_at as "createdAt"
          from notifications where user_id = ${id} order by created_at`,
    ),
  );
  json("draws-and-fair-use.json", {
    drawEntries: await rows(
      db,
      sql`select e.meal_id as "mealId", e.portions, e.tickets, e.created_at as "createdAt", d.drawn_at as "drawnAt"
          from draw_entries e left join meal_draws d on d.meal_id = e.meal_id where e.user_id = ${id} order by e.created_at`,
    ),
    freeMealsReceived: await rows(
      db,
      sql`select r.meal_id as "mealId", m.title, r.portions, r.status, r.created_at as "askedAt"
          from requests r join meals m on m.id = r.meal_id
          where r.eater_id = ${id} and m.kind = 'free' and r.status in ('accepted', 'completed') order by r.created_at`,
    ),
    waitingLists: await rows(
      db,
      sql`select meal_id as "mealId", portions, status, created_at as "createdAt" from waitlist_entries where user_id = ${id}`,
    ),
  });
  json(
    "blocked-members.json",
    await rows(
      db,
      sql`select u.first_name as "firstName", b.created_at as "createdAt"
          from blocks b join users u on u.id = b.blocked_id where b.blocker_id = ${id}`,
    ),
  );
  json("sessions-and-passkeys.json", {
    sessions: await rows(
      db,
      sql`select device, network, created_at as "signedInAt", last_seen_at as "lastUsedAt", expires_at as "expiresAt"
          from sessions where user_id = ${id} order by created_at`,
    ),
    passkeys: await rows(
      db,
      sql`select name, created_at as "addedAt", last_used_at as "lastUsedAt" from passkeys where user_id = ${id}`,
    ),
  });
  json(
    "cook-applications.json",
    await rows(
      db,
      sql`select kitchen_name as "kitchenName", registration_number as "registrationNumber",
            registration_authority as "registrationAuthority", certificate_level as "certificateLevel",
            certificate_issuer as "certificateIssuer", certificate_expires_on as "certificateExpiresOn",
            status, created_at as "createdAt", document_key as "document"
          from cook_applications where user_id = ${id}`,
    ),
  );
}

/** Card payments made and received, and the connected account without its secrets (docs/decisions/022). */
async function paymentFiles(db: Executor, id: string, json: AddJson): Promise<void> {
  json("card-payments.json", {
    account:
      (
        await rows(
          db,
          sql`select account_id as "stripeAccount", charges_enabled as "takesCards", created_at as "connectedAt"
            from payment_accounts where user_id = ${id}`,
        )
      )[0] ?? null,
    payments: await rows(
      db,
      sql`select case when eater_id = ${id} then 'paid' else 'received' end as "side", meal_title as "meal",
            portions, amount_cents as "amountCents", fee_cents as "feeCents", refunded_cents as "refundedCents",
            currency, status, created_at as "createdAt"
          from payments where eater_id = ${id} or feeder_id = ${id} order by created_at`,
    ),
  });
}
