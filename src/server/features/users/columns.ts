/**
 * Writes of a member's row that other features decide (docs/ARCHITECTURE.md "Tables have owners"): the
 * calendar feed's token (calendar), the mailing-list flag (newsletter), notification choices and the
 * address's delivery health (notifications), and a registered cook's certificate (cooks). The rule is
 * theirs; the row is written here.
 */
import { eq, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client";
import { type UserRow, users } from "../../db/schema";

/** The calendar feed's token, as its hash (null: the feed is off). */
export async function setCalendarTokenHash(
  db: Executor,
  memberId: string,
  hash: string | null,
): Promise<void> {
  await db.update(users).set({ calendarTokenHash: hash }).where(eq(users.id, memberId));
}

/** The member's mailing-list choice, as their profile shows it. */
export async function setNewsletterFlag(db: Executor, memberId: string, on: boolean): Promise<void> {
  await db.update(users).set({ newsletterOptIn: on, updatedAt: sql`now()` }).where(eq(users.id, memberId));
}

/** A confirmed sign-up shows on the profile of the member whose address it is (lower case), if any. */
export async function flagNewsletterByEmail(db: Executor, email: string): Promise<void> {
  await db
    .update(users)
    .set({ newsletterOptIn: true, updatedAt: sql`now()` })
    .where(sql`lower(${users.email}) = ${email} and not ${users.newsletterOptIn}`);
}

/** The member's notification choices, per category, as stored. */
export async function saveNotificationPreferences(
  db: Executor,
  memberId: string,
  stored: UserRow["notificationPreferences"],
): Promise<void> {
  await db
    .update(users)
    .set({ notificationPreferences: stored, updatedAt: sql`now()` })
    .where(eq(users.id, memberId));
}

/** Mails the member's address again, from no failures. @returns the row */
export async function resumeMail(db: Executor, memberId: string): Promise<UserRow> {
  const [member] = await db
    .update(users)
    .set({ mailFailures: 0, mailStoppedAt: null, updatedAt: sql`now()` })
    .where(eq(users.id, memberId))
    .returning();
  return member;
}

/** A message reached the address: its failures in a row start again from none. */
export async function clearMailFailures(db: Executor, memberId: string): Promise<void> {
  await db.execute(sql`update users set mail_failures = 0 where id = ${memberId}`);
}

/** Counts a permanent failure to the address; at `stopAfter` in a row, mail to it stops. */
export async function countMailFailure(db: Executor, memberId: string, stopAfter: number): Promise<void> {
  await db.execute(sql`
    update users set mail_failures = mail_failures + 1,
      mail_stopped_at = case when mail_failures + 1 >= ${stopAfter} then coalesce(mail_stopped_at, now())
                        else mail_stopped_at end
    where id = ${memberId}`);
}

/** An approved application makes the member a registered cook until their certificate expires. */
export async function registerCook(db: Executor, memberId: string, expiresOn: string | null): Promise<void> {
  await db
    .update(users)
    .set({ isRegisteredCook: true, cookCertificateExpiresOn: expiresOn, cookExpiryRemindedAt: null })
    .where(eq(users.id, memberId));
}

/**
 * Marks, once, the registered cooks whose certificate expires within `days` days.
 * @returns them, with the expiry date (YYYY-MM-DD)
 */
export function markCertificatesExpiring(db: Executor, days: number) {
  return queryRows<{ id: string; expires: string }>(
    db,
    sql`update ${users} set cook_expiry_reminded_at = now()
        where ${users.isRegisteredCook} and ${users.cookExpiryRemindedAt} is null
          and ${users.cookCertificateExpiresOn} <= current_date + ${days}::int
          and ${users.cookCertificateExpiresOn} >= current_date
        returning id, cook_certificate_expires_on::text as expires`,
  );
}

/** Lapses the registered cooks whose certificate expired before today. @returns them */
export function lapseExpiredCooks(db: Executor) {
  return queryRows<{ id: string }>(
    db,
    sql`update ${users} set is_registered_cook = false
        where ${users.isRegisteredCook} and ${users.cookCertificateExpiresOn} < current_date
        returning id`,
  );
}
