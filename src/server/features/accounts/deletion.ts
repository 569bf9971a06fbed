/**
 * Leaving MealShare (docs/decisions/017). `requestDeletion` — the member's, confirmed, or an admin's
 * with a reason — signs every session out, withdraws the member's open meals and ends the open
 * requests on both sides (each other party told), hides the profile, and starts the grace period
 * (`ACCOUNT_DELETION_DAYS`); `keepAccount` undoes it meanwhile. `eraseAccount` ends it: the row
 * becomes "Former member" with nothing personal left, so the other side of a thread reads on; what
 * belongs to the member alone is deleted, with their photos and documents in the photo store. It is
 * idempotent and runs from the sweep on any instance (`eraseDueAccounts`), or at once with 0 days.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { msg } from "../../../contract/messages";
import { endSessions, eraseSignIns } from "../../auth/sessions";
import { displayName } from "../../auth/users";
import { type Executor, inTransaction, queryRows, type Tx } from "../../db/client";
import { accountDeletions, requests, type UserRow, users } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { forgetMemberEvents } from "../../live/hub";
import type { ObjectStorage } from "../../storage/storage";
import { eraseMemberAlerts } from "../alerts";
import { eraseMemberBlocks } from "../blocks";
import { eraseCookApplications } from "../cooks";
import { leaveOpenDraws } from "../draws";
import { eraseMemberGroups } from "../groups";
import { eraseMemberMeals, restoreLeavingMeals, withdrawLeavingMeals } from "../meals";
import { eraseMemberSubscription } from "../newsletter";
import { eraseMemberNotices, renameInOthersNotifications } from "../notifications";
import { eraseMemberPhotos } from "../photos";
import {
  contextOf,
  eraseMemberRequestData,
  leaveWaitlists,
  lockRequest,
  moveRequest,
  redactMemberMessages,
  refusalOf,
} from "../requests";
import { eraseMemberReviews } from "../reviews";
import { eraseMemberRow, markLeaving, markStaying } from "../users";

/** What a member's messages say once they have left (docs/decisions/017). */
export const MESSAGE_REMOVED = "Message removed";
/** What a left member is called. */
export const FORMER_MEMBER = "Former member";

/**
 * Starts a member's deletion: from now on nobody finds them, and in `days` days the account is erased.
 * @param by the member themself, or an admin with the reason (kept without the member's data)
 * @returns when the account will be erased (ISO date-time)
 * @throws AppError 404 unknown or erased account; 409 a deletion already under way
 */
export async function requestDeletion(
  db: Executor,
  memberId: string,
  days: number,
  by: { admin: UserRow; reason: string } | null,
): Promise<{ eraseAfter: string }> {
  return inTransaction(db, async (tx) => {
    const [member] = await tx.select().from(users).where(eq(users.id, memberId)).for("update").limit(1);
    if (!member || member.deletedAt) throw notFound(msg("User not found"));
    if (member.deletionRequestedAt) {
      throw conflict(msg("This account is already set to be deleted."), "deletion_pending");
    }
    const [row] = await tx
      .insert(accountDeletions)
      .values({
        userId: memberId,
        requestedBy: by ? "admin" : "member",
        adminId: by?.admin.id ?? null,
        reason: by?.reason ?? null,
        eraseAfter: sql`now() + make_interval(days => ${days})`,
      })
      .returning({ eraseAfter: accountDeletions.eraseAfter });
    await markLeaving(tx, memberId);
    await endSessions(tx, memberId, "all");
    await withdrawLeavingMeals(tx, memberId);
    await releaseRequests(tx, member);
    // A place in a queue is an intention the member no longer has.
    await leaveWaitlists(tx, memberId);
    await leaveOpenDraws(tx, memberId);
    return { eraseAfter: row.eraseAfter.toISOString() };
  });
}

/**
 * Ends the member's open requests, as eater and as cook, on nobody's record: each other party is told
 * "… is leaving MealShare". A pickup either side already said happened is left to settle.
 */
async function releaseRequests(tx: Tx, member: UserRow): Promise<void> {
  const open = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        or(eq(requests.eaterId, member.id), eq(requests.feederId, member.id)),
        inArray(requests.status, ["pending", "accepted", "held"]),
      ),
    )
    .orderBy(requests.id);
  for (const { id } of open) {
    const locked = await lockRequest(tx, id);
    if (!locked) continue;
    const { request, meal } = locked;
    const actor = request.eaterId === member.id ? "eater" : "feeder";
    // What the table does not let them end is left to the server's own moves: a pickup either side
    // said happened settles, an offer on their meal lapses (requests/policy.ts).
    if (request.status === "accepted" && (request.eaterConfirmedAt || request.feederConfirmedAt)) continue;
    if (refusalOf(request.status, "cancelled", actor, contextOf(request, meal, actor))) continue;
    await moveRequest(tx, { request, meal, actor, member, to: "cancelled", change: { leaving: true } });
  }
}

/**
 * Calls off the member's deletion in its grace period ("Keep my account"): the profile shows again and
 * the meals it withdrew come back (paid ones only while the member is a registered cook). Requests it
 * ended stay ended: their other sides were told.
 * @throws AppError 409 when no deletion is under way
 */
export async function keepAccount(db: Executor, member: UserRow): Promise<void> {
  await inTransaction(db, async (tx) => {
    const kept = await markStaying(tx, member.id);
    if (!kept) throw conflict(msg("Your account is not set to be deleted."), "no_deletion");
    await tx
      .update(accountDeletions)
      .set({ cancelledAt: sql`now()` })
      .where(
        and(
          eq(accountDeletions.userId, member.id),
          isNull(accountDeletions.erasedAt),
          isNull(accountDeletions.cancelledAt),
        ),
      );
    await restoreLeavingMeals(tx, member.id, kept);
  });
}

/**
 * The list of erased accounts kept beside the data (`DATA_DIR/erased-accounts.log`: an id and a time a
 * line, nothing personal), which a restore reads to erase again the accounts a backup predates
 * (backup.ts). Outside the database on purpose: a restore replaces the database.
 */
export const ERASURES_FILE = "erased-accounts.log";

/** Appends an erasure to the list in `dataDir`. */
function recordErasure(dataDir: string, memberId: string): void {
  appendFileSync(path.join(dataDir, ERASURES_FILE), `${memberId} ${new Date().toISOString()}\n`, {
    mode: 0o600,
  });
}

/** The ids in `dataDir`'s list of erased accounts (none when there is no list). */
export function erasedAccountIds(dataDir: string): string[] {
  const file = path.join(dataDir, ERASURES_FILE);
  if (!existsSync(file)) return [];
  return [
    ...new Set(
      readFileSync(file, "utf8")
        .split("\n")
        .map((line) => line.split(" ")[0])
        .filter((id) => /^[0-9a-f-]{36}$/.test(id)),
    ),
  ];
}

/** Where an erasure is recorded and its warnings go. */
export interface EraseOptions {
  /** `DATA_DIR`, whose list of erased accounts gets the id (`ERASURES_FILE`). */
  dataDir: string;
  log?: Pick<FastifyBaseLogger, "warn">;
}

/**
 * Erases an account whose grace period is over (or that asked for 0 days): idempotent — an erased
 * account is left as it is, and a second run finds nothing more to do.
 * @returns whether this call erased it
 */
export async function eraseAccount(
  db: Executor,
  storage: ObjectStorage,
  memberId: string,
  options: EraseOptions,
): Promise<boolean> {
  const { log } = options;
  const keys = await inTransaction(db, async (tx) => {
    const [member] = await tx.select().from(users).where(eq(users.id, memberId)).for("update").limit(1);
    if (!member || member.deletedAt) return null;
    // A thread's photos and texts are kept while an open report names the thread (the sweep comes back).
    const messages = await redactMemberMessages(tx, memberId, MESSAGE_REMOVED);
    const exports = await queryRows<{ key: string }>(
      tx,
      sql`select object_key as key from data_exports where user_id = ${memberId} and object_key is not null`,
    );
    await eraseMemberGroups(tx, memberId);
    await renameInOthersNotifications(tx, memberId, displayName(member), FORMER_MEMBER);
    await eraseMemberReviews(tx, memberId);
    // Each feature erases what it holds of the member, behind its own door. Their sessions end first,
    // announced, so a stream opened in the grace period closes on every instance.
    await endSessions(tx, memberId, "all");
    await eraseSignIns(tx, memberId, member.email);
    await eraseMemberNotices(tx, memberId);
    await eraseMemberAlerts(tx, memberId);
    // Others' replay buffer (a day, live/hub.ts) holds the member's words in their events too.
    await forgetMemberEvents(tx, memberId);
    await eraseMemberBlocks(tx, memberId);
    await eraseMemberSubscription(tx, memberId, member.email);
    await eraseMemberRequestData(tx, memberId);
    const documents = await eraseCookApplications(tx, memberId);
    const photos = await eraseMemberPhotos(tx, memberId);
    await tx.execute(sql`delete from data_exports where user_id = ${memberId}`);
    // Their meals stay for the threads and the neighbourhood's totals, without photo or places.
    await eraseMemberMeals(tx, memberId);
    await eraseMemberRow(tx, memberId, FORMER_MEMBER);
    await tx
      .update(accountDeletions)
      .set({ erasedAt: sql`now()`, messagesHeld: messages.held })
      .where(and(eq(accountDeletions.userId, memberId), isNull(accountDeletions.erasedAt)));
    return [...photos, ...documents, ...exports.map((row) => row.key), ...messages.keys];
  });
  if (!keys) return false;
  recordErasure(options.dataDir, memberId);
  await deleteObjects(storage, keys, log);
  return true;
}

async function deleteObjects(
  storage: ObjectStorage,
  keys: string[],
  log?: Pick<FastifyBaseLogger, "warn">,
): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      storage
        .delete(key)
        .catch((error: Error) => log?.warn({ err: error, key }, "an erased member's file stayed")),
    ),
  );
}

/**
 * The sweep's part (jobs/registry.ts): erases every account whose grace period is over, then redacts
 * the messages of erased members that an open report kept (`messages_held`), once it is resolved.
 * @returns how many accounts were erased
 */
export async function eraseDueAccounts(
  db: Executor,
  storage: ObjectStorage,
  options: EraseOptions,
): Promise<number> {
  const { log } = options;
  const due = await queryRows<{ userId: string }>(
    db,
    sql`select user_id as "userId" from account_deletions
        where erased_at is null and cancelled_at is null and erase_after <= now()
        order by erase_after limit 100`,
  );
  let erased = 0;
  for (const { userId } of due) {
    if (await eraseAccount(db, storage, userId, options)) erased++;
    else {
      // Erased already (another instance), or the row is gone: the deletion is done.
      await db.execute(
        sql`update account_deletions set erased_at = coalesce(erased_at, now()) where user_id = ${userId} and erased_at is null`,
      );
    }
  }
  // Only the members whose words an open report kept: the sweep's cost is theirs, not every erased
  // member's messages again every ten minutes.
  const held = await queryRows<{ userId: string }>(
    db,
    sql`select distinct user_id as "userId" from account_deletions where messages_held limit 100`,
  );
  for (const { userId } of held) {
    const released = await inTransaction(db, async (tx) => {
      const messages = await redactMemberMessages(tx, userId, MESSAGE_REMOVED);
      if (!messages.held) {
        await tx
          .update(accountDeletions)
          .set({ messagesHeld: false })
          .where(eq(accountDeletions.userId, userId));
      }
      return messages.keys;
    });
    await deleteObjects(storage, released, log);
  }
  return erased;
}
