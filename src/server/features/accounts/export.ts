/**
 * "Download my data" (docs/decisions/017; GDPR Art. 15 and 20): one ZIP a day per member, made by the
 * `data-export` job on any instance and kept in the photo store for `EXPORT_DAYS`, downloadable by its
 * member only (and by an admin who made it for them). It holds a README, a JSON file per kind of data
 * and the member's photos and documents. Other people appear in it only as the member met them: the
 * other side of a thread by first name, nothing of their email, home, allergies or private pickup
 * details.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import escapeHtml from "escape-html";
import { strToU8, type Zippable, zipSync } from "fflate";
import { z } from "zod";
import type { DataExport } from "../../../contract/account";
import { supportedLanguage } from "../../../contract/i18n";
import { msg } from "../../../contract/messages";
import type { ActorRef } from "../../auth/actor";
import { type Executor, queryRows } from "../../db/client";
import { dataExports, users } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { translate } from "../../i18n";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import type { ObjectStorage, StoredObject } from "../../storage/storage";
import type { DeliveryContext } from "../notifications";
import { createNotification } from "../notifications";

/** How long an export's link works. */
export const EXPORT_DAYS = 7;

/** A member's exports, newest first, as Settings lists them. */
export async function listExports(db: Executor, userId: string): Promise<DataExport[]> {
  const rows = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(10);
  return rows.map(presentExport);
}

function presentExport(row: typeof dataExports.$inferSelect): DataExport {
  const expired = row.expiresAt !== null && row.expiresAt.getTime() <= Date.now();
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    url: row.readyAt && !expired ? `/api/account/exports/${row.id}/download` : null,
  };
}

/**
 * Asks for an export of `userId`'s data: at most one a day.
 * @param requester who asks: the member, or an admin for them (then the admin may download it too)
 * @throws AppError 429 when one was asked for within the last 24 hours
 */
export async function requestExport(db: Executor, userId: string, requester: ActorRef): Promise<DataExport> {
  const byAdmin = requester.id !== userId && requester.isAdmin;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`data-export:${userId}`}, 0))`);
    const [recent] = await tx
      .select({ createdAt: dataExports.createdAt })
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), gt(dataExports.createdAt, sql`now() - interval '1 day'`)))
      .limit(1);
    if (recent) {
      const seconds = Math.ceil((recent.createdAt.getTime() + 86_400_000 - Date.now()) / 1000);
      throw new AppError(
        429,
        "one_export_a_day",
        msg("One export a day: the last one was asked for less than 24 hours ago."),
        undefined,
        undefined,
        seconds,
      );
    }
    const [row] = await tx.insert(dataExports).values({ userId, requestedByAdmin: byAdmin }).returning();
    await enqueueJob(tx, QUEUES.dataExport, { exportId: row.id });
    return presentExport(row);
  });
}

/**
 * The ZIP of an export, for its member, or an admin for an export an admin made.
 * @throws AppError 404 unknown, not ready, expired, or someone else's
 */
export async function openExport(
  db: Executor,
  storage: ObjectStorage,
  viewer: ActorRef,
  id: string,
): Promise<StoredObject> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  const allowed = row && (row.userId === viewer.id || (viewer.isAdmin && row.requestedByAdmin));
  const ready = row?.objectKey && row.expiresAt && row.expiresAt.getTime() > Date.now();
  if (!allowed || !ready) throw notFound(msg("Export not found"));
  const stored = await storage.open(row.objectKey!);
  if (!stored) throw notFound(msg("Export not found"));
  return stored;
}

const jobSchema = z.object({ exportId: z.uuid() });

/** Rows of `statement` for the member (`$1`-free SQL built with their id). */
const rows = (db: Executor, statement: ReturnType<typeof sql>) =>
  queryRows<Record<string, unknown>>(db, statement);

/**
 * The `data-export` job: gathers the member's data, writes the ZIP to the photo store, marks the export
 * ready for `EXPORT_DAYS`, and tells the member in the app and by email. Idempotent: a ready export is
 * left as it is.
 * @throws the store's or mailer's error, so the job is retried
 */
export async function makeExport(
  context: DeliveryContext & { storage: ObjectStorage },
  data: unknown,
): Promise<void> {
  const job = jobSchema.safeParse(data);
  if (!job.success) return;
  const { db, storage } = context;
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, job.data.exportId)).limit(1);
  if (!row || row.readyAt) return;
  const [member] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!member || member.deletedAt) return;
  const id = member.id;

  const files: Zippable = {};
  const json = (name: string, value: unknown) => {
    files[name] = strToU8(`${JSON.stringify(value, null, 2)}\n`);
  };
  json("profile.json", {
    id,
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    bio: member.bio,
    role: member.role,
    isRegisteredCook: member.isRegisteredCook,
    cookCertificateExpiresOn: member.cookCertificateExpiresOn,
    locale: member.locale,
    newsletterOptIn: member.newsletterOptIn,
    notificationPreferences: member.notificationPreferences,
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
      sql`select device, created_at as "signedInAt", last_seen_at as "lastUsedAt", expires_at as "expiresAt"
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

  // The files themselves: the member's photos (full size), thread photos and documents.
  const keys = [
    ...(await rows(db, sql`select 'photos/' || id || '.webp' as key from photos where user_id = ${id}`)),
    ...(await rows(
      db,
      sql`select 'thread-photos/' || photo_id || '.webp' as key from messages where sender_id = ${id} and photo_id is not null`,
    )),
    ...(await rows(
      db,
      sql`select document_key as key from cook_applications where user_id = ${id} and document_key is not null`,
    )),
  ].map((row) => String(row.key));
  for (const key of keys) {
    const bytes = await storage.read(key);
    if (bytes) files[key] = [new Uint8Array(bytes), { level: 0 }];
  }
  const language = supportedLanguage(member.locale) ?? context.defaultLanguage;
  files["README.txt"] = strToU8(readme(member.firstName, keys.length));

  const zip = zipSync(files, { level: 6 });
  const objectKey = `exports/${randomUUID()}.zip`;
  await storage.write(objectKey, Buffer.from(zip), "application/zip");
  const [ready] = await db
    .update(dataExports)
    .set({
      objectKey,
      sizeBytes: zip.byteLength,
      readyAt: sql`now()`,
      expiresAt: sql`now() + make_interval(days => ${EXPORT_DAYS})`,
    })
    .where(and(eq(dataExports.id, row.id), sql`${dataExports.readyAt} is null`))
    .returning();
  if (!ready) {
    await storage.delete(objectKey).catch(() => {});
    return;
  }
  await createNotification(db, {
    userId: id,
    type: "account",
    message: msg("Your data export is ready to download for {{days}} days"),
    params: { days: EXPORT_DAYS },
    link: "/profile?tab=settings",
    deliver: false,
  });
  if (context.mailer.mode === "off" || !member.email) return;
  const say = (message: ReturnType<typeof msg>) => translate(message, language, context.currency);
  const url = `${context.publicUrl}/profile?tab=settings`;
  const text = say(
    msg("Your MealShare data export is ready. Download it from Settings → Your data within 7 days."),
  );
  await context.mailer.send({
    to: member.email,
    subject: say(msg("Your MealShare data export is ready")),
    text: `${text}\n\n${url}`,
    html: `<!doctype html><html lang="${escapeHtml(language)}"><body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p></body></html>`,
    headers: {},
  });
}

/** The archive's README: what each file holds (in English, as the JSON keys are). */
function readme(firstName: string, fileCount: number): string {
  return `Your MealShare data${firstName ? `, ${firstName}` : ""}
Made ${new Date().toISOString()}. Everything MealShare holds about you, as JSON (UTF-8), with your files.

profile.json                 your profile and settings
home-area.json               your home area (only you ever saw it)
allergies.json               your allergies
meals.json                   the meals you posted, with their private pickup details
requests-and-messages.json   your requests and offers, each with its whole thread; the other side
                             appears by first name only
reviews-given.json           reviews you wrote
reviews-received.json        reviews others wrote about you, with their first name
reports-made.json            reports you made
groups.json                  your groups and your role in each
alerts.json                  your meal alerts
saved-meals.json             the meals you saved
hidden-from-lists.json       the meals and cooks you marked "Not interested"
notifications.json           your notifications
draws-and-fair-use.json      your draw entries, free meals received and waiting-list places
blocked-members.json         members you blocked (first name)
sessions-and-passkeys.json   where you are signed in, and your passkeys (no secrets)
cook-applications.json       your registered-cook applications
photos/, thread-photos/, documents/   your ${fileCount} files

Prices are in minor units (cents); times are ISO 8601 in UTC.
`;
}

/** The sweep's part: deletes the ZIPs of exports whose week is over, and their rows a day later. */
export async function sweepExpiredExports(db: Executor, storage: ObjectStorage): Promise<number> {
  const expired = await db
    .select({ id: dataExports.id, key: dataExports.objectKey })
    .from(dataExports)
    .where(and(sql`${dataExports.objectKey} is not null`, sql`${dataExports.expiresAt} <= now()`))
    .limit(100);
  for (const { id, key } of expired) {
    if (key) await storage.delete(key).catch(() => {});
    await db.update(dataExports).set({ objectKey: null }).where(eq(dataExports.id, id));
  }
  return expired.length;
}
