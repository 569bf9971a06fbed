/**
 * The mailing list (docs/DESIGN.md §4 "Mailing list"): subscribers from the landing page's form and
 * from users who opt in on their profile, one row per address, exported as CSV for admins.
 */

import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { asc, eq, sql } from "drizzle-orm";
import { MAILING_LIST_COLUMNS } from "../../../contract/newsletter";
import { type Executor, inTransaction } from "../../db/client";
import { newsletterSubscribers, type UserRow, users } from "../../db/schema";
import { keysetAfter } from "../../pagination";

/** Adds an address (already trimmed and lower-cased); subscribing twice changes nothing. */
export async function subscribe(db: Executor, email: string, source: "landing" | "profile", userId?: string) {
  await db.insert(newsletterSubscribers).values({ email, source, userId }).onConflictDoNothing({
    target: newsletterSubscribers.email,
  });
}

/**
 * The profile opt-in: records the choice on the user and adds or removes their address.
 * @returns the new choice
 */
export async function setNewsletterOptIn(db: Executor, user: UserRow, subscribed: boolean): Promise<boolean> {
  await inTransaction(db, async (tx) => {
    await tx
      .update(users)
      .set({ newsletterOptIn: subscribed, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    if (subscribed) await subscribe(tx, user.email.toLowerCase(), "profile", user.id);
    else
      await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email.toLowerCase()));
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

/** Every subscriber, oldest first, read in keyset batches so a long list never sits in memory. */
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
          after
            ? keysetAfter(newsletterSubscribers.subscribedAt, newsletterSubscribers.id, {
                at: after.subscribedAt,
                id: after.id,
              })
            : undefined,
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
