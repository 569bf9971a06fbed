/**
 * Trust levels earned by exchanges (docs/decisions/020): the counts behind a member's level, kept in
 * `member_trust` and recomputed in the transaction that completes an exchange or records a vouch; the
 * badges a cook is shown; vouches; and "one person" — every account whose email reaches the same inbox
 * (`users.inbox_key`).
 */
import { sql } from "drizzle-orm";
import type { Ability } from "../../../contract/abilities";
import { msg } from "../../../contract/messages";
import {
  TRUSTED_PARTNERS,
  TRUSTED_VOUCHES,
  type TrustBadge,
  type TrustLevel,
  VOUCHES_PER_WEEK,
  type Vouch,
} from "../../../contract/trust";
import { abilityOf } from "../../abilities";
import type { ActorRef } from "../../auth/actor";
import { type Executor, inTransaction, queryRows } from "../../db/client";
import { notFound } from "../../errors";
import { levelFrom, vouchRefusal } from "./policy";

/**
 * The ids of every account of the person `userId` is (the same `inbox_key`), as a SQL subquery: an
 * index lookup (`users_inbox_key_idx`). The fair-use limit, draws and newcomer limits count over it.
 */
export const personAccountsSql = (userId: unknown) =>
  sql`(select same.id from users same
       where same.inbox_key = (select me.inbox_key from users me where me.id = ${userId}::uuid))`;

/** A member's stored level as a SQL expression (`newcomer` without a row). */
export const trustLevelSql = (userId: unknown) =>
  sql`coalesce((select mt.level from member_trust mt where mt.user_id = ${userId}::uuid), 'newcomer')`;

/** A member's level, counts included (no row: a newcomer with nothing yet). */
export async function trustOf(
  db: Executor,
  userId: string,
): Promise<{ level: TrustLevel; exchanges: number; partners: number; vouches: number }> {
  const [row] = await queryRows<{ level: TrustLevel; exchanges: number; partners: number; vouches: number }>(
    db,
    sql`select level, exchanges, partners, vouches from member_trust where user_id = ${userId}`,
  );
  return row ?? { level: "newcomer", exchanges: 0, partners: 0, vouches: 0 };
}

/**
 * The level an actor acts with: an admin is trusted (docs/decisions/020 "Levels": the deployment's
 * root of trust); anyone else has what their exchanges and vouches earned.
 */
export async function actingLevel(db: Executor, actor: ActorRef): Promise<TrustLevel> {
  if (actor.isAdmin) return "trusted";
  return (await trustOf(db, actor.id)).level;
}

/** The badge of each member in `userIds` (docs/decisions/020 "Badges"): one statement for a page. */
export async function trustBadgesOf(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, TrustBadge>> {
  const ids = [...new Set(userIds)];
  const badges = new Map<string, TrustBadge>(ids.map((id) => [id, { level: "newcomer", exchanges: 0 }]));
  if (ids.length === 0) return badges;
  const rows = await queryRows<{ userId: string; level: TrustLevel; exchanges: number }>(
    db,
    sql`select user_id as "userId", level, exchanges from member_trust
        where user_id = any(${`{${ids.join(",")}}`}::uuid[])`,
  );
  for (const row of rows) badges.set(row.userId, { level: row.level, exchanges: Number(row.exchanges) });
  return badges;
}

/**
 * Recomputes a member's counts and level from their completed exchanges and vouches, and stores them.
 * An exchange with another account of the same inbox counts for nothing (docs/decisions/020 "One
 * person"). O(the member's exchanges): both sides' request indexes.
 * @returns the level now
 */
export async function recomputeTrust(tx: Executor, userId: string): Promise<TrustLevel> {
  const [counts] = await queryRows<{ exchanges: number; partners: number; vouches: number }>(
    tx,
    sql`with mine as (
          select case when r.eater_id = ${userId}::uuid then r.feeder_id else r.eater_id end as partner
          from requests r
          where r.status = 'completed' and (r.eater_id = ${userId}::uuid or r.feeder_id = ${userId}::uuid)
        )
        select count(*)::int as exchanges, count(distinct p.inbox_key)::int as partners,
               (select count(*)::int from vouches v where v.vouchee_id = ${userId}::uuid) as vouches
        from mine join users p on p.id = mine.partner
        where p.inbox_key <> (select me.inbox_key from users me where me.id = ${userId}::uuid)`,
  );
  const level = levelFrom(counts, { trustedPartners: TRUSTED_PARTNERS, trustedVouches: TRUSTED_VOUCHES });
  await tx.execute(
    sql`insert into member_trust (user_id, level, exchanges, partners, vouches, updated_at)
        values (${userId}, ${level}, ${counts.exchanges}, ${counts.partners}, ${counts.vouches}, now())
        on conflict (user_id) do update set level = excluded.level, exchanges = excluded.exchanges,
          partners = excluded.partners, vouches = excluded.vouches, updated_at = now()`,
  );
  return level;
}

/**
 * A completed exchange between an eater and a cook: both sides' levels are recomputed in the
 * transaction that completed it (requests/move.ts).
 */
export async function recordExchange(tx: Executor, eaterId: string, feederId: string): Promise<void> {
  await recomputeTrust(tx, eaterId);
  await recomputeTrust(tx, feederId);
}

/**
 * A trusted member vouches for another after a completed exchange together (docs/decisions/020
 * "Vouches"); vouching again changes nothing.
 * @returns the vouch as it stands
 * @throws AppError 404 unknown member; 403 not trusted, the same person, or no completed exchange
 *   together; 429 `VOUCHES_PER_WEEK` given in the last 7 days
 */
export async function vouchFor(db: Executor, voucher: ActorRef, voucheeId: string): Promise<Vouch> {
  const voucherLevel = await actingLevel(db, voucher);
  return inTransaction(db, async (tx) => {
    // One voucher's vouches are counted one after another, so two at once cannot pass the weekly limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vouch'), hashtext(${voucher.id}))`);
    const facts = await vouchFacts(tx, voucher.id, voucheeId);
    if (!facts.exists || voucheeId === voucher.id) throw notFound(msg("User not found"));
    const refusal = vouchRefusal({ ...facts, voucherLevel }, VOUCHES_PER_WEEK);
    if (refusal) throw refusal;
    if (!facts.vouchedBefore) {
      await tx.execute(sql`insert into vouches (voucher_id, vouchee_id) values (${voucher.id}, ${voucheeId})
                           on conflict do nothing`);
      await recomputeTrust(tx, voucheeId);
    }
    return { userId: voucheeId, vouched: true };
  });
}

/**
 * Whether `voucher` may vouch for `voucheeId` now, as `vouchFor` would decide, and whether they have
 * (a thread's "Vouch for …", docs/decisions/020).
 */
export async function vouchState(
  db: Executor,
  voucher: ActorRef,
  voucheeId: string,
): Promise<{ abilities: { vouch: Ability }; vouched: boolean }> {
  const [voucherLevel, facts] = await Promise.all([
    actingLevel(db, voucher),
    vouchFacts(db, voucher.id, voucheeId),
  ]);
  const refusal = vouchRefusal({ ...facts, voucherLevel }, VOUCHES_PER_WEEK);
  return { abilities: { vouch: abilityOf(refusal) }, vouched: facts.vouchedBefore };
}

/** What a vouch is decided by: the two, their exchanges, and the voucher's vouches this week. */
async function vouchFacts(db: Executor, voucherId: string, voucheeId: string) {
  const [facts] = await queryRows<{
    exists: boolean;
    samePerson: boolean;
    exchangedTogether: boolean;
    vouchedBefore: boolean;
    vouchesThisWeek: number;
  }>(
    db,
    sql`select
          exists (select 1 from users where id = ${voucheeId}::uuid and deleted_at is null) as "exists",
          coalesce((select a.inbox_key = b.inbox_key from users a, users b
                    where a.id = ${voucherId}::uuid and b.id = ${voucheeId}::uuid), false)
            or ${voucherId}::uuid = ${voucheeId}::uuid as "samePerson",
          exists (select 1 from requests r where r.status = 'completed'
                    and ((r.eater_id = ${voucherId}::uuid and r.feeder_id = ${voucheeId}::uuid)
                      or (r.feeder_id = ${voucherId}::uuid and r.eater_id = ${voucheeId}::uuid))) as "exchangedTogether",
          exists (select 1 from vouches where voucher_id = ${voucherId}::uuid
                    and vouchee_id = ${voucheeId}::uuid) as "vouchedBefore",
          (select count(*)::int from vouches where voucher_id = ${voucherId}::uuid
             and created_at > now() - interval '7 days') as "vouchesThisWeek"`,
  );
  return facts;
}

/** Whether two members are one person: their emails reach the same inbox. */
export async function samePerson(db: Executor, a: string, b: string): Promise<boolean> {
  const [row] = await queryRows<{ same: boolean }>(
    db,
    sql`select x.inbox_key = y.inbox_key as same from users x, users y where x.id = ${a} and y.id = ${b}`,
  );
  return Boolean(row?.same);
}
