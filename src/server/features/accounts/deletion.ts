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
import { displayName } from "../../auth/users";
import { type Executor, inTransaction, queryRows, type Tx } from "../../db/client";
import { accountDeletions, meals, requests, sessions, type UserRow, users } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { announceSessionsEnded } from "../../live/hub";
import type { ObjectStorage } from "../../storage/storage";
import { contextOf, lockRequest, moveRequest, refusalOf } from "../requests";

/** What a member's messages say once they have left (docs/decisions/017). */
export const MESSAGE_REMOVED = "Message removed";
/** What a left member is called. */
export const FORMER_MEMBER = "Former member";

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
    await tx.update(users).set({ deletionRequestedAt: sql`now()` }).where(eq(users.id, memberId));
    await tx.delete(sessions).where(eq(sessions.userId, memberId));
    await announceSessionsEnded(tx, memberId);
    await tx
      .update(meals)
      .set({ isActive: false, hiddenByDeletion: true, updatedAt: new Date() })
      .where(and(eq(meals.ownerId, memberId), eq(meals.isActive, true)));
    await releaseRequests(tx, member);
    // A place in a queue is an intention the member no longer has.
    await tx.execute(sql`delete from waitlist_entries where user_id = ${memberId}`);
    await tx.execute(
      sql`delete from draw_entries e using meal_draws d
          where e.user_id = ${memberId} and d.meal_id = e.meal_id and d.drawn_at is null`,
    );
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
    const [kept] = await tx
      .update(users)
      .set({ deletionRequestedAt: null })
      .where(
        and(eq(users.id, member.id), isNull(users.deletedAt), sql`${users.deletionRequestedAt} is not null`),
      )
      .returning({ isRegisteredCook: users.isRegisteredCook, suspendedAt: users.suspendedAt });
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
    await tx
      .update(meals)
      .set({ isActive: kept.suspendedAt === null, hiddenByDeletion: false, updatedAt: new Date() })
      .where(
        and(
          eq(meals.ownerId, member.id),
          eq(meals.hiddenByDeletion, true),
          kept.isRegisteredCook ? undefined : eq(meals.kind, "free"),
        ),
      );
    await tx
      .update(meals)
      .set({ hiddenByDeletion: false })
      .where(and(eq(meals.ownerId, member.id), eq(meals.hiddenByDeletion, true)));
  });
}

/** The photo store's keys of a photo in its three sizes. */
const photoKeys = (prefix: string, id: string) => [
  `${prefix}/${id}.webp`,
  `${prefix}/${id}-800.webp`,
  `${prefix}/${id}-400.webp`,
];

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
    const found: string[] = [];
    const collect = async (statement: ReturnType<typeof sql>) =>
      (await queryRows<{ key: string }>(tx, statement)).map((row) => row.key);
    for (const id of await collect(sql`select id::text as key from photos where user_id = ${memberId}`)) {
      found.push(...photoKeys("photos", id));
    }
    found.push(
      ...(await collect(
        sql`select document_key as key from cook_applications where user_id = ${memberId} and document_key is not null`,
      )),
      ...(await collect(sql`select key from uploads where user_id = ${memberId}`)),
      ...(await collect(
        sql`select object_key as key from data_exports where user_id = ${memberId} and object_key is not null`,
      )),
    );
    // A thread's photos and texts are kept while an open report names the thread (the sweep comes back).
    const messages = await redactMessages(tx, memberId);
    found.push(...messages.keys);
    await handOverGroups(tx, memberId);
    await renameInOthersNotifications(tx, member);
    await tx.execute(sql`delete from reviews where reviewer_id = ${memberId} or reviewee_id = ${memberId}`);
    for (const statement of [
      sql`delete from sessions where user_id = ${memberId}`,
      sql`delete from passkeys where user_id = ${memberId}`,
      sql`delete from sign_in_codes where user_id = ${memberId} or email = ${member.email}`,
      sql`delete from webauthn_challenges where user_id = ${memberId}`,
      sql`delete from push_subscriptions where user_id = ${memberId}`,
      sql`delete from meal_alerts where user_id = ${memberId}`,
      sql`delete from notifications where user_id = ${memberId}`,
      sql`delete from live_events where user_id = ${memberId}`,
      // Others' replay buffer (a day, live/hub.ts) holds the member's words in their events too.
      sql`delete from live_events where payload::text like ${`%${memberId}%`}`,
      sql`delete from blocks where blocker_id = ${memberId} or blocked_id = ${memberId}`,
      sql`delete from newsletter_subscribers where user_id = ${memberId} or email = ${member.email}`,
      sql`delete from waitlist_entries where user_id = ${memberId}`,
      sql`delete from saved_meals where user_id = ${memberId}`,
      // Their own hides, and others' of them: a former member has no meals to hide.
      sql`delete from hidden_meals where user_id = ${memberId}`,
      sql`delete from hidden_cooks where user_id = ${memberId} or cook_id = ${memberId}`,
      sql`delete from cook_applications where user_id = ${memberId}`,
      sql`delete from uploads where user_id = ${memberId}`,
      sql`delete from photos where user_id = ${memberId}`,
      sql`delete from message_email_throttles where user_id = ${memberId}`,
      sql`delete from reliability_months where user_id = ${memberId}`,
      sql`delete from data_exports where user_id = ${memberId}`,
      sql`delete from group_applications where user_id = ${memberId}`,
      sql`delete from group_members where user_id = ${memberId}`,
      sql`delete from meal_series where owner_id = ${memberId}`,
    ]) {
      await tx.execute(statement);
    }
    // Their meals stay for the threads and the neighbourhood's totals, without photo or places.
    await tx.execute(
      sql`update meals set photo_path = null, pickup_details = null, pickup_latitude = null,
            pickup_longitude = null, latitude = null, longitude = null, is_active = false,
            hidden_by_deletion = false, updated_at = now()
          where owner_id = ${memberId}`,
    );
    await tx
      .update(users)
      .set({
        oidcIssuer: "mealshare:erased",
        oidcSubject: memberId,
        email: "",
        emailVerified: false,
        firstName: FORMER_MEMBER,
        lastName: "",
        profileImageUrl: null,
        bio: null,
        dietaryPrefs: null,
        allergyCodes: [],
        allergiesOther: "",
        dietTags: [],
        newsletterOptIn: false,
        isRegisteredCook: false,
        cookCertificateExpiresOn: null,
        cookExpiryRemindedAt: null,
        calendarTokenHash: null,
        locale: null,
        notificationPreferences: {},
        homeLatitude: null,
        homeLongitude: null,
        homeLabel: null,
        suspendedReason: null,
        deletedAt: sql`now()`,
        deletionRequestedAt: sql`coalesce(${users.deletionRequestedAt}, now())`,
      })
      .where(eq(users.id, memberId));
    await tx
      .update(accountDeletions)
      .set({ erasedAt: sql`now()`, messagesHeld: messages.held })
      .where(and(eq(accountDeletions.userId, memberId), isNull(accountDeletions.erasedAt)));
    await announceSessionsEnded(tx, memberId);
    return found;
  });
  if (!keys) return false;
  recordErasure(options.dataDir, memberId);
  await deleteObjects(storage, keys, log);
  return true;
}

/** Replaces an erased member's message texts and photos, in threads no open report names. */
async function redactMessages(tx: Executor, memberId: string): Promise<{ keys: string[]; held: boolean }> {
  const redacted = await queryRows<{ photoId: string | null }>(
    tx,
    sql`with old as (
          select m.id, m.photo_id from messages m join requests r on r.id = m.request_id
          where m.sender_id = ${memberId} and not ${underOpenReport("r")}
            and (m.body <> ${MESSAGE_REMOVED} or m.photo_id is not null)
          for update of m)
        update messages set body = ${MESSAGE_REMOVED}, photo_id = null, kind = null, change = null
        from old where messages.id = old.id
        returning old.photo_id::text as "photoId"`,
  );
  // A request's own first words are the eater's too.
  await tx.execute(
    sql`update requests r set message = ${MESSAGE_REMOVED}
        where r.eater_id = ${memberId} and r.message is not null and r.message <> ${MESSAGE_REMOVED}
          and not ${underOpenReport("r")}`,
  );
  // What an open report kept, for the sweep to come back to (account_deletions.messages_held).
  const [{ held }] = await queryRows<{ held: boolean }>(
    tx,
    sql`select exists (select 1 from messages where sender_id = ${memberId}
                         and (body <> ${MESSAGE_REMOVED} or photo_id is not null))
            or exists (select 1 from requests where eater_id = ${memberId}
                         and message is not null and message <> ${MESSAGE_REMOVED}) as held`,
  );
  return {
    keys: redacted.flatMap((row) => (row.photoId ? photoKeys("thread-photos", row.photoId) : [])),
    held,
  };
}

/**
 * Others' notifications name the member ("Nell Gwyn sent a message…"): those of the member's threads,
 * and those of no thread (reviews, groups), name "Former member" from now on; the live events that
 * carried those notifications (a day's replay buffer, live/hub.ts) go with their old words.
 */
async function renameInOthersNotifications(tx: Executor, member: UserRow): Promise<void> {
  const name = displayName(member);
  const renamed = await queryRows<{ id: string }>(
    tx,
    sql`update notifications n
        set text = replace(n.text, ${name}, ${FORMER_MEMBER}),
            text_params = jsonb_set(n.text_params, '{name}', to_jsonb(${FORMER_MEMBER}::text))
        where n.text_params ->> 'name' = ${name}
          and (n.request_id is null or n.request_id in (
            select id from requests where eater_id = ${member.id} or feeder_id = ${member.id}))
        returning n.id::text as id`,
  );
  // Exactly those notifications' live events: a loose match on the name would cut others' buffers.
  if (renamed.length > 0) {
    await tx.execute(
      sql`delete from live_events where type = 'notification' and payload ->> 'id' in (${sql.join(
        renamed.map((row) => sql`${row.id}`),
        sql`, `,
      )})`,
    );
  }
}

/**
 * The member's groups go on without them: an owned group passes to its longest-standing moderator, or
 * else member; a group they were alone in closes — hidden, by invitation only, its invitations revoked
 * — so its members-only meals stay members-only.
 */
async function handOverGroups(tx: Executor, memberId: string): Promise<void> {
  const owned = await queryRows<{ id: string }>(
    tx,
    sql`select id from groups where owner_id = ${memberId} for update`,
  );
  for (const { id } of owned) {
    const [heir] = await queryRows<{ userId: string }>(
      tx,
      sql`select user_id as "userId" from group_members
          where group_id = ${id} and status = 'active' and user_id <> ${memberId}
          order by (role = 'moderator') desc, (role = 'member') desc, created_at, user_id limit 1`,
    );
    await tx.execute(sql`delete from group_members where group_id = ${id} and user_id = ${memberId}`);
    if (heir) {
      await tx.execute(
        sql`update group_members set role = 'owner' where group_id = ${id} and user_id = ${heir.userId}`,
      );
      await tx.execute(sql`update groups set owner_id = ${heir.userId} where id = ${id}`);
    } else {
      await tx.execute(sql`update groups set visibility = 'hidden', join_rule = 'invite' where id = ${id}`);
      await tx.execute(
        sql`update group_invites set revoked_at = now() where group_id = ${id} and revoked_at is null`,
      );
    }
  }
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
      const messages = await redactMessages(tx, userId);
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
