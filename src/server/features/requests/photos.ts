/**
 * Photos in a thread (docs/features/handover.md point 1): an upload made the usual way
 * (`POST /api/objects/upload`, then the PUT) becomes a message's photo — re-encoded by
 * `storeUploadedPhoto`, so no EXIF or GPS survives — kept under `thread-photos/`, which nothing serves
 * publicly, and read back only by the thread's two participants, or by an admin while a report about
 * one of them or the meal is open.
 */
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import type { ActorRef } from "../../auth/actor";
import type { Executor } from "../../db/client";
import { messages, reports, requests, type UserRow } from "../../db/schema";
import { notFound } from "../../errors";
import type { ObjectStorage, StoredObject } from "../../storage/storage";
import { storeUploadedPhoto } from "../photos";

const THREAD_PHOTO_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-400)?\.webp$/;
const notFoundPhoto = () => notFound(msg("Photo not found"));

/**
 * Stores the photo of a message about to be written; the caller writes the message with the returned
 * id and, if that fails, calls `discardThreadPhoto`.
 * @throws AppError as `storeUploadedPhoto` (400 not an image, 404 not the sender's upload, 409 used,
 *   413 over 5 MB)
 */
export function storeThreadPhoto(
  db: Executor,
  storage: ObjectStorage,
  sender: Pick<UserRow, "id">,
  photoURL: string,
): Promise<string> {
  return storeUploadedPhoto(db, storage, sender, photoURL, "thread-photos");
}

/** Deletes a stored thread photo whose message was never written. */
export async function discardThreadPhoto(storage: ObjectStorage, photoId: string): Promise<void> {
  await Promise.all(
    [
      `thread-photos/${photoId}.webp`,
      `thread-photos/${photoId}-800.webp`,
      `thread-photos/${photoId}-400.webp`,
    ].map((key) => storage.delete(key).catch(() => {})),
  );
}

/**
 * A thread photo's bytes for `viewer`: a participant of request `requestId` whose thread holds the
 * photo, or an admin while an open report names a participant or the meal.
 * @param file `{photoId}.webp` (1600 px) or `{photoId}-400.webp`
 * @throws AppError 404 "Photo not found" for a bad name, an unknown photo, another thread's, and for
 *   everyone else — never saying which
 */
export async function openThreadPhoto(
  db: Executor,
  storage: ObjectStorage,
  viewer: ActorRef,
  requestId: string,
  file: string,
): Promise<StoredObject> {
  const photoId = THREAD_PHOTO_FILE.exec(file)?.[1];
  if (!photoId) throw notFoundPhoto();
  const [row] = await db
    .select({ eaterId: requests.eaterId, feederId: requests.feederId, mealId: requests.mealId })
    .from(messages)
    .innerJoin(requests, eq(requests.id, messages.requestId))
    .where(
      and(
        eq(messages.photoId, photoId),
        eq(messages.requestId, requestId),
        isNotNull(messages.photoId),
        // A held message's photo is its sender's alone until let through (docs/decisions/020).
        sql`(not ${messages.held} or ${messages.senderId} = ${viewer.id}::uuid or ${viewer.isAdmin})`,
      ),
    )
    .limit(1);
  if (!row) throw notFoundPhoto();
  const participant = viewer.id === row.eaterId || viewer.id === row.feederId;
  if (!participant && !(viewer.isAdmin && (await hasOpenReport(db, row)))) throw notFoundPhoto();
  const object = await storage.open(`thread-photos/${file}`);
  if (!object) throw notFoundPhoto();
  return object;
}

/** Whether an open report names either participant of a thread or its meal (an admin is handling it). */
async function hasOpenReport(db: Executor, row: { eaterId: string; feederId: string; mealId: string }) {
  const [open] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        sql`not ${reports.resolved}`,
        or(
          and(eq(reports.targetType, "user"), inArray(reports.targetId, [row.eaterId, row.feederId])),
          and(eq(reports.targetType, "meal"), eq(reports.targetId, row.mealId)),
        ),
      ),
    )
    .limit(1);
  return Boolean(open);
}
