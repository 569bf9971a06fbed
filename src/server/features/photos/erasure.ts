/** Leaving MealShare (docs/decisions/017): the member's photos and unfinished uploads go. */
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client";

/** The photo store's keys of a photo in its three sizes. */
export const photoKeys = (prefix: string, id: string) => [
  `${prefix}/${id}.webp`,
  `${prefix}/${id}-800.webp`,
  `${prefix}/${id}-400.webp`,
];

/**
 * Deletes the member's uploads and photos.
 * @returns their keys in the photo store, for the caller to delete once committed
 */
export async function eraseMemberPhotos(tx: Executor, memberId: string): Promise<string[]> {
  const photos = await queryRows<{ key: string }>(
    tx,
    sql`select id::text as key from photos where user_id = ${memberId}`,
  );
  const uploads = await queryRows<{ key: string }>(
    tx,
    sql`select key from uploads where user_id = ${memberId}`,
  );
  await tx.execute(sql`delete from uploads where user_id = ${memberId}`);
  await tx.execute(sql`delete from photos where user_id = ${memberId}`);
  return [...photos.flatMap((row) => photoKeys("photos", row.key)), ...uploads.map((row) => row.key)];
}
