/**
 * Data that ages (docs/decisions/015): rows that only ever accumulate and are of no use after a
 * while are deleted by the sweep job (jobs/registry.ts, every 10 minutes on every instance), so a
 * deployment that runs for years does not carry them forever:
 * - read notifications older than `RETENTION_DAYS` (unread ones stay until their member has seen them);
 * - alert matches older than `RETENTION_DAYS`: they only keep a member from hearing twice of a meal
 *   that is still open, and a pickup window is never that long;
 * - sessions that have expired: nobody can sign in with them again;
 * - mailing-list sign-ups nobody confirmed within `UNCONFIRMED_DAYS` (newsletter/service.ts);
 * - emailed sign-in codes a day old (each ends after 15 minutes; the day is what the send limit counts,
 *   docs/decisions/016) and WebAuthn challenges that have expired.
 * Past meals are kept: they are members' history, reviews and the impact counts; the lists never
 * meet them, since their indexes hold only meals that have not ended (docs/decisions/015).
 *
 * Each statement deletes at most `BATCH` rows through an index, so no sweep holds long locks or
 * reads a whole table; the sweep goes on while full batches come back, up to `MAX_BATCHES`.
 */

import { sql } from "drizzle-orm";
import { type Db, queryRows } from "./db/client";
import { UNCONFIRMED_DAYS } from "./features/newsletter";

/** Rows one statement deletes at most. */
const BATCH = 5_000;
/** Batches of one kind one sweep deletes at most; the next sweep, 10 minutes later, goes on. */
const MAX_BATCHES = 40;

/** How many rows of each kind one sweep deleted. */
export interface SweptRows {
  notifications: number;
  alertMatches: number;
  sessions: number;
  /** Mailing-list sign-ups never confirmed (newsletter/service.ts `UNCONFIRMED_DAYS`). */
  unconfirmedSignUps: number;
  /** Emailed codes past the send limit's day, and expired WebAuthn challenges. */
  signInCodes: number;
}

/** Deletes in batches with `statement` (which must delete at most BATCH rows) until a batch comes back short. */
async function inBatches(db: Db, statement: ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const [{ deleted }] = await queryRows<{ deleted: number }>(
      db,
      sql`with gone as (${statement} returning 1) select count(*)::int as deleted from gone`,
    );
    total += deleted;
    if (deleted < BATCH) break;
  }
  return total;
}

/**
 * Deletes what has aged out.
 * @param retentionDays the deployment's `RETENTION_DAYS` (docs/DESIGN.md §2 Configuration)
 * @returns the rows deleted of each kind
 */
export async function sweepAgedRows(db: Db, retentionDays: number): Promise<SweptRows> {
  const cutoff = sql`now() - ${retentionDays} * interval '1 day'`;
  const notifications = await inBatches(
    db,
    sql`delete from notifications where id in (
          select id from notifications where is_read and created_at < ${cutoff} limit ${BATCH})`,
  );
  const alertMatches = await inBatches(
    db,
    sql`delete from alert_matches where (alert_id, meal_id) in (
          select alert_id, meal_id from alert_matches where created_at < ${cutoff} limit ${BATCH})`,
  );
  const sessions = await inBatches(
    db,
    sql`delete from sessions where id in (select id from sessions where expires_at < now() limit ${BATCH})`,
  );
  // A sign-up nobody confirmed is an address someone typed: kept only while its link may be used.
  const unconfirmedSignUps = await inBatches(
    db,
    sql`delete from newsletter_subscribers where id in (
          select id from newsletter_subscribers
          where confirmed_at is null and subscribed_at < now() - make_interval(days => ${UNCONFIRMED_DAYS})
          limit ${BATCH})`,
  );
  const codes = await inBatches(
    db,
    sql`delete from sign_in_codes where id in (
          select id from sign_in_codes where expires_at < now() - interval '1 day' limit ${BATCH})`,
  );
  // A day's mail counts matter for that day only (mail-caps.ts).
  await db.execute(sql`delete from mail_quotas where day < current_date - 1`);
  const challenges = await inBatches(
    db,
    sql`delete from webauthn_challenges where id in (
          select id from webauthn_challenges where expires_at < now() limit ${BATCH})`,
  );
  return { notifications, alertMatches, sessions, unconfirmedSignUps, signInCodes: codes + challenges };
}
