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
import type { Language } from "../../../contract/languages";
import { msg } from "../../../contract/messages";
import type { ActorRef } from "../../auth/actor";
import type { Executor } from "../../db/client";
import { dataExports, users } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { translate } from "../../i18n";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import type { ObjectStorage, StoredObject } from "../../storage/storage";
import type { DeliveryContext } from "../notifications";
import { createNotification } from "../notifications";
import { dataFiles, rows } from "./export-contents";

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

  const files = await dataFiles(db, member);

  const fileCount = await addStoredFiles(db, storage, id, files);
  const language = supportedLanguage(member.locale) ?? context.defaultLanguage;
  files["README.txt"] = strToU8(readme(member.firstName, fileCount));

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
    link: "/settings",
    deliver: false,
  });
  await mailExportReady(context, member.email, language);
}

/**
 * Adds the member's stored files to `files`, stored uncompressed (they are compressed images and
 * documents already): their photos (full size), thread photos and documents.
 * @returns how many there are
 */
async function addStoredFiles(
  db: Executor,
  storage: ObjectStorage,
  id: string,
  files: Zippable,
): Promise<number> {
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
  return keys.length;
}

/** The email that says the export is ready, in the member's language; none when mail is off. */
async function mailExportReady(context: DeliveryContext, email: string, language: Language) {
  if (context.mailer.mode === "off" || !email) return;
  const say = (message: ReturnType<typeof msg>) => translate(message, language, context.currency);
  const url = `${context.publicUrl}/settings`;
  const text = say(
    msg("Your MealShare data export is ready. Download it from Settings → Your data within 7 days."),
  );
  await context.mailer.send({
    to: email,
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
card-payments.json           card payments you made or received, and your connected Stripe account
photos/, thread-photos/, documents/   your ${fileCount} files

Prices are in minor units (cents); times are ISO 8601 in UTC; keys are camelCase.
"eater" is the side that asked for a meal, "feeder" the side that shared it (yourSide, yourRole).
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
