/**
 * Mail caps (docs/decisions/020 "Mail caps"): mail that someone other than the address's owner can make
 * MealShare send — sign-in codes asked from a browser that is not the owner's, a new address's code, a
 * newsletter confirmation — is counted per inbox (over every kind, and over the address's variants:
 * `mealshare_inbox_key()`), and per asking client (a keyed hash of its IP address, never the address
 * itself), per day, in `mail_quotas`, so every instance shares the count.
 */
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "./db/client";

/** How much mail one inbox may be sent, and one client may cause, in a day (config.ts `mailCaps`). */
export interface MailCaps {
  perInbox: number;
  perClient: number;
}

/** The key a client's mail is counted under: an HMAC of its address, so the table holds no IP. */
export const clientKeyOf = (secret: string, ip: string) =>
  createHmac("sha256", secret).update(`mail-client:${ip}`).digest("base64url").slice(0, 32);

/**
 * Takes one mail from the day's allowance of the inbox `to` reaches and of `client`, both or neither.
 * Call it in the transaction that decides to send, so a refused mail leaves both counts as they were.
 * @param client the asking client's key (`clientKeyOf`), or null when no client asked (a member's own)
 * @returns whether the mail may be sent
 */
export async function takeMailSlot(
  tx: Executor,
  input: { to: string; client: string | null },
  caps: MailCaps,
): Promise<boolean> {
  const take = async (key: ReturnType<typeof sql>, cap: number) =>
    (
      await queryRows<{ count: number }>(
        tx,
        sql`insert into mail_quotas (key, day, count) values (${key}, current_date, 1)
            on conflict (key, day) do update set count = mail_quotas.count + 1 where mail_quotas.count < ${cap}
            returning count`,
      )
    ).length > 0;
  const inbox = sql`'inbox:' || mealshare_inbox_key(${input.to})`;
  if (!(await take(inbox, caps.perInbox))) return false;
  if (input.client && !(await take(sql`${`client:${input.client}`}`, caps.perClient))) {
    await tx.execute(
      sql`update mail_quotas set count = count - 1 where key = ${inbox} and day = current_date`,
    );
    return false;
  }
  return true;
}
