/**
 * What leaving MealShare does to the notifications feature's tables (docs/decisions/017): the member's
 * own notices, push subscriptions and email throttles go; others' notices that name them name
 * `formerName` from now on.
 */
import { sql } from "drizzle-orm";
import { type Executor, executeInTurn, queryRows } from "../../db/client";
import { forgetNotificationEvents } from "../../live/hub";

/**
 * Renames the member in others' notifications — those of the member's threads, and those of no thread
 * (reviews, groups) — and forgets the live events that carried the old words (exactly those: a loose
 * match on the name would cut others' buffers).
 * @param name how the notices named the member
 */
export async function renameInOthersNotifications(
  tx: Executor,
  memberId: string,
  name: string,
  formerName: string,
): Promise<void> {
  const renamed = await queryRows<{ id: string }>(
    tx,
    sql`update notifications n
        set text = replace(n.text, ${name}, ${formerName}),
            text_params = jsonb_set(n.text_params, '{name}', to_jsonb(${formerName}::text))
        where n.text_params ->> 'name' = ${name}
          and (n.request_id is null or n.request_id in (
            select id from requests where eater_id = ${memberId} or feeder_id = ${memberId}))
        returning n.id::text as id`,
  );
  await forgetNotificationEvents(
    tx,
    renamed.map((row) => row.id),
  );
}

/** Deletes the member's own notifications, push subscriptions and email throttles. */
export async function eraseMemberNotices(tx: Executor, memberId: string): Promise<void> {
  await executeInTurn(tx, [
    sql`delete from push_subscriptions where user_id = ${memberId}`,
    sql`delete from notifications where user_id = ${memberId}`,
    sql`delete from message_email_throttles where user_id = ${memberId}`,
  ]);
}
