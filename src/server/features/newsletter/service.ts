/**
 * The mailing list (docs/DESIGN.md §4 "Mailing list"): subscribers from the landing page's form, once
 * they confirm the emailed link (double opt-in), and users who opt in on their profile, one row per
 * address; the confirmed ones are exported as CSV for admins.
 */

import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { MAILING_LIST_COLUMNS } from "../../../contract/newsletter";
import { type Executor, inTransaction } from "../../db/client";
import { newsletterSubscribers, type UserRow } from "../../db/schema";
import { enqueueJob, QUEUES } from "../../jobs/queue";
import { type MailCaps, takeMailSlot } from "../../mail-caps";
import { keysetAfter } from "../../pagination";
import { flagNewsletterByEmail, setNewsletterFlag } from "../users";

/** A confirmation email is sent again to one address at most this often (no inbox flooding). */
export const CONFIRMATION_RESEND_MINUTES = 10;
/** A sign-up not confirmed in this many days is forgotten by the sweep (retention.ts). */
export const UNCONFIRMED_DAYS = 7;

/**
 * The landing page's form (docs/DESIGN.md §4 "Mailing list", double opt-in): a member's own address
 * is theirs to subscribe at once (their sign-in proved it); any other address waits, unlisted, until
 * a link emailed to it is confirmed (`confirmSubscription`). The answer is the same whether the address
 * was new, waiting or listed, and a confirmation goes to one address at most every
 * `CONFIRMATION_RESEND_MINUTES`, within the inbox's and the asking client's daily mail caps.
 * @param email trimmed and lower-cased by the contract
 * @param viewer the signed-in member, if any
 * @returns `listed` for the member's own address, `confirm` for any other (whatever its state)
 */
export async function subscribe(
  db: Executor,
  email: string,
  viewer: UserRow | undefined,
  mail: { client: string; caps: MailCaps },
): Promise<"listed" | "confirm"> {
  if (viewer && viewer.email.toLowerCase() === email) {
    await setNewsletterOptIn(db, viewer, true);
    return "listed";
  }
  await inTransaction(db, async (tx) => {
    const [waiting] = await tx
      .insert(newsletterSubscribers)
      .values({ email, source: "landing" })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: { subscribedAt: sql`now()` },
        setWhere: sql`${newsletterSubscribers.confirmedAt} is null
          and ${newsletterSubscribers.subscribedAt} < now() - make_interval(mins => ${CONFIRMATION_RESEND_MINUTES})`,
      })
      .returning({ id: newsletterSubscribers.id });
    // Counted under the inbox's and the client's daily mail caps (docs/decisions/020 "Mail caps"): past
    // them, nothing is sent, and the answer is the same.
    if (waiting && (await takeMailSlot(tx, { to: email, client: mail.client }, mail.caps)))
      await enqueueJob(tx, QUEUES.newsletterConfirmation, { subscriberId: waiting.id });
  });
  return "confirm";
}

/**
 * Confirms the waiting sign-up a link names: the address joins the list, and the member who owns it,
 * if any, sees it on their profile (one switch there ends it). Confirming twice changes nothing.
 * @returns whether the link named a sign-up (waiting or confirmed)
 */
export async function confirmSubscription(db: Executor, subscriberId: string): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, now())` })
      .where(eq(newsletterSubscribers.id, subscriberId))
      .returning({ email: newsletterSubscribers.email });
    if (!row) return false;
    await flagNewsletterByEmail(tx, row.email);
    return true;
  });
}

/**
 * The profile opt-in: records the choice on the user and adds (confirmed: it is their own address) or
 * removes their address, however it was added.
 * @returns the new choice
 */
export async function setNewsletterOptIn(db: Executor, user: UserRow, subscribed: boolean): Promise<boolean> {
  const email = user.email.toLowerCase();
  await inTransaction(db, async (tx) => {
    await setNewsletterFlag(tx, user.id, subscribed);
    if (subscribed)
      await tx
        .insert(newsletterSubscribers)
        .values({ email, source: "profile", userId: user.id, confirmedAt: sql`now()` })
        .onConflictDoUpdate({
          target: newsletterSubscribers.email,
          set: { userId: user.id, confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, now())` },
        });
    else await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  });
  return subscribed;
}

/**
 * Neutralises a cell a spreadsheet would run as a formula (OWASP "CSV injection"): a leading
 * `= + - @`, tab or carriage return gets a `'` in front. docs/DESIGN.md §4 "Mailing list".
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const BATCH = 1000;

/** Every confirmed subscriber, oldest first, read in keyset batches so a long list never sits in memory. */
async function* subscriberRows(db: Executor) {
  // The cursor keeps the timestamp as PostgreSQL's text: a JS Date would drop its microseconds.
  let after: { subscribedAt: string; id: string } | null = null;
  for (;;) {
    const batch: { id: string; email: string; source: string; subscribedAt: Date; cursorAt: string }[] =
      await db
        .select({
          cursorAt: sql<string>`${newsletterSubscribers.subscribedAt}::text`,
          id: newsletterSubscribers.id,
          email: newsletterSubscribers.email,
          source: newsletterSubscribers.source,
          subscribedAt: newsletterSubscribers.subscribedAt,
        })
        .from(newsletterSubscribers)
        .where(
          and(
            isNotNull(newsletterSubscribers.confirmedAt),
            after
              ? keysetAfter(newsletterSubscribers.subscribedAt, newsletterSubscribers.id, {
                  at: after.subscribedAt,
                  id: after.id,
                })
              : undefined,
          ),
        )
        .orderBy(asc(newsletterSubscribers.subscribedAt), asc(newsletterSubscribers.id))
        .limit(BATCH);
    for (const row of batch) {
      yield {
        email: neutraliseFormula(row.email),
        source: neutraliseFormula(row.source),
        subscribed_at: row.subscribedAt.toISOString(),
      };
    }
    if (batch.length < BATCH) return;
    const last = batch[batch.length - 1];
    after = { subscribedAt: last.cursorAt, id: last.id };
  }
}

/** The mailing list as an RFC 4180 CSV stream (`email,source,subscribed_at`, CRLF, quoted as needed). */
export function mailingListCsv(db: Executor): Readable {
  return Readable.from(subscriberRows(db)).pipe(
    stringify({ header: true, columns: [...MAILING_LIST_COLUMNS], record_delimiter: "windows" }),
  );
}
