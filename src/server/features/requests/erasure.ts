/**
 * What leaving MealShare does to the requests feature's tables (docs/decisions/017): the member's
 * places in waiting lists and pickup record go, and their words in threads read `removed` — except in
 * a thread an open report names (its meal or either side), kept as they are until it is resolved.
 */
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client";
import { photoKeys } from "../photos";

/**
 * A thread (request `r`) an open report names — its meal or either side — whose messages are kept as
 * they are until the report is resolved.
 */
const underOpenReport = (request: string) =>
  sql.raw(`exists (
  select 1 from reports rp where not rp.resolved and (
    (rp.target_type = 'user' and rp.target_id in (${request}.eater_id::text, ${request}.feeder_id::text))
    or (rp.target_type = 'meal' and rp.target_id = ${request}.meal_id::text)))`);

/**
 * Replaces the member's message texts and photos, and a request's first words of theirs, with
 * `removed`, in threads no open report names.
 * @returns the thread photos' keys in the photo store (to delete once committed), and whether an open
 *   report kept some of their words (to come back to)
 */
export async function redactMemberMessages(
  tx: Executor,
  memberId: string,
  removed: string,
): Promise<{ keys: string[]; held: boolean }> {
  const redacted = await queryRows<{ photoId: string | null }>(
    tx,
    sql`with old as (
          select m.id, m.photo_id from messages m join requests r on r.id = m.request_id
          where m.sender_id = ${memberId} and not ${underOpenReport("r")}
            and (m.body <> ${removed} or m.photo_id is not null)
          for update of m)
        update messages set body = ${removed}, photo_id = null, kind = null, change = null
        from old where messages.id = old.id
        returning old.photo_id::text as "photoId"`,
  );
  await tx.execute(
    sql`update requests r set message = ${removed}
        where r.eater_id = ${memberId} and r.message is not null and r.message <> ${removed}
          and not ${underOpenReport("r")}`,
  );
  const [{ held }] = await queryRows<{ held: boolean }>(
    tx,
    sql`select exists (select 1 from messages where sender_id = ${memberId}
                         and (body <> ${removed} or photo_id is not null))
            or exists (select 1 from requests where eater_id = ${memberId}
                         and message is not null and message <> ${removed}) as held`,
  );
  return {
    keys: redacted.flatMap((row) => (row.photoId ? photoKeys("thread-photos", row.photoId) : [])),
    held,
  };
}

/** Takes the member out of every waiting list: a place in a queue is an intention they no longer have. */
export async function leaveWaitlists(tx: Executor, memberId: string): Promise<void> {
  await tx.execute(sql`delete from waitlist_entries where user_id = ${memberId}`);
}

/** Deletes the member's waiting-list places and pickup record. */
export async function eraseMemberRequestData(tx: Executor, memberId: string): Promise<void> {
  await leaveWaitlists(tx, memberId);
  await tx.execute(sql`delete from reliability_months where user_id = ${memberId}`);
}
