/**
 * The review queue (docs/decisions/020 "The queue"): held and flagged texts, open reports and new
 * accounts with signals, for site admins — and for a group's owner and moderators, the texts of their
 * group. A decision lets a text through or removes it (removing teaches the spam signature), and every
 * decision is logged with who made it. The features that own each kind of text say what letting it
 * through and removing it mean (`HeldTextOwners`), given by the route plugin.
 */
import { type SQL, sql } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import {
  type ModeratedKind,
  type ModerationLogEntry,
  type ModerationQueue,
  QUEUE_PAGE,
  type QueueAccount,
  type QueueText,
} from "../../../contract/moderation";
import type { Report } from "../../../contract/reports";
import { ALLOWED, abilityOf } from "../../abilities";
import type { ActorRef } from "../../auth/actor";
import { type Executor, inTransaction, queryRows, type Tx } from "../../db/client";
import { conflict, forbidden, notFound } from "../../errors";
import { type Cursor, keysetBefore } from "../../pagination";
import { learnSpam } from "./signatures";

/** What letting a held text through, and removing one, does to the owner's row. */
export interface HeldTextOwner {
  /** The text lands now, as it would have: the recipient is told, lists show it. */
  release(tx: Tx, targetId: string): Promise<void>;
  /** The text is gone for good; the rest of what holds it stays. */
  remove(tx: Tx, targetId: string): Promise<void>;
}

/** Each kind's owner (requests: messages and requests' first words; posting: meals; groups; users: bios). */
export type HeldTextOwners = Record<ModeratedKind, HeldTextOwner>;

/** A log line to write (`logModeration`). */
export interface LogLine {
  action: ModerationLogEntry["action"];
  actorId: string;
  itemId?: string | null;
  subjectId?: string | null;
  groupId?: string | null;
}

/** Writes who did what to the moderation log (docs/decisions/020 "The queue"). */
export async function logModeration(tx: Executor, line: LogLine): Promise<void> {
  await tx.execute(
    sql`insert into moderation_log (action, actor_id, item_id, subject_id, group_id)
        values (${line.action}, ${line.actorId}, ${line.itemId ?? null}, ${line.subjectId ?? null}, ${line.groupId ?? null})`,
  );
}

const adminsOnly = () => forbidden(msg("Admins only."));

/** The groups `viewer` moderates (owner or moderator, active), as a SQL list of ids. */
const moderatedGroupsSql = (viewerId: string) =>
  sql`(select gm.group_id from group_members gm
       where gm.user_id = ${viewerId}::uuid and gm.status = 'active' and gm.role in ('owner', 'moderator'))`;

/** A held or flagged text as the queue's statement reads it. */
interface TextRow {
  id: string;
  kind: ModeratedKind;
  link: string;
  text: string;
  signals: string[];
  score: number;
  status: "held" | "flagged";
  authorId: string;
  authorName: string;
  groupId: string | null;
  groupName: string | null;
  createdAt: Date;
}

/** The oldest `QUEUE_PAGE` open texts within `scope` (a condition on `mi`), with author and group. */
function heldTexts(db: Executor, scope: SQL) {
  return queryRows<TextRow>(
    db,
    sql`select mi.id, mi.kind, mi.link, mi.text, mi.signals, mi.score, mi.status,
               mi.author_id as "authorId", trim(u.first_name || ' ' || u.last_name) as "authorName",
               mi.group_id as "groupId", g.name as "groupName", mi.created_at as "createdAt"
        from moderation_items mi join users u on u.id = mi.author_id left join groups g on g.id = mi.group_id
        where mi.status in ('held', 'flagged') and ${scope}
        order by mi.created_at, mi.id limit ${QUEUE_PAGE}`,
  );
}

/** A queued text with what the viewer may do with it: an admin may suspend its author, not themselves. */
function presentText(row: TextRow, viewer: ActorRef): QueueText {
  return {
    id: row.id,
    kind: row.kind,
    link: row.link,
    text: row.text,
    signals: row.signals,
    score: row.score,
    status: row.status,
    author: { id: row.authorId, name: row.authorName },
    group: row.groupId && row.groupName ? { id: row.groupId, name: row.groupName } : null,
    createdAt: new Date(row.createdAt).toISOString(),
    abilities: {
      release: ALLOWED,
      remove: ALLOWED,
      suspend: viewer.isAdmin
        ? row.authorId === viewer.id
          ? abilityOf(conflict(msg("You cannot suspend your own account.")))
          : ALLOWED
        : abilityOf(adminsOnly()),
    },
  };
}

/**
 * The viewer's queue: the oldest `QUEUE_PAGE` open texts they may work (all for admins, their groups'
 * for group moderators), and for admins the oldest open reports and the newest accounts with signals.
 * @throws AppError 403 for a member who is neither an admin nor a group's owner or moderator
 */
export async function listQueue(db: Executor, viewer: ActorRef): Promise<ModerationQueue> {
  // A group's moderators work their group's texts, never their own (the owner of a spam group is its
  // moderator too): those wait for a site admin.
  const scope = viewer.isAdmin
    ? sql`true`
    : sql`mi.group_id in ${moderatedGroupsSql(viewer.id)} and mi.author_id <> ${viewer.id}::uuid`;
  if (!viewer.isAdmin) {
    const [moderates] = await queryRows<{ one: number }>(
      db,
      sql`select 1 as one from ${moderatedGroupsSql(viewer.id)} g limit 1`,
    );
    if (!moderates) throw forbidden(msg("Only admins and group moderators review held texts."));
  }
  const texts = await heldTexts(db, scope);
  const [counts] = await queryRows<{ texts: number; reports: number }>(
    db,
    sql`select (select count(*)::int from moderation_items mi where mi.status in ('held', 'flagged') and ${scope}) as texts,
               ${viewer.isAdmin ? sql`(select count(*)::int from reports where not resolved)` : sql`0`} as reports`,
  );
  const accounts = viewer.isAdmin ? await newAccountsWithSignals(db) : [];
  const reports = viewer.isAdmin ? await openReports(db) : [];
  return {
    texts: texts.map((row) => presentText(row, viewer)),
    reports,
    accounts,
    counts: { texts: counts.texts, reports: counts.reports, accounts: accounts.length },
  };
}

/** The oldest open reports (the queue's second part; admins only). */
async function openReports(db: Executor): Promise<Report[]> {
  const rows = await queryRows<{
    id: string;
    targetType: Report["targetType"];
    targetId: string;
    reason: string;
    createdAt: Date;
  }>(
    db,
    sql`select id, target_type as "targetType", target_id as "targetId", reason, created_at as "createdAt"
        from reports where not resolved order by created_at, id limit ${QUEUE_PAGE}`,
  );
  return rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    resolved: false,
    resolvedAt: null,
  }));
}

/**
 * Accounts made in the last 14 days with a signal (the queue's third part; admins only): another
 * account on the same inbox, a text held or removed, or an open report. Walks the accounts of those 14
 * days by `users_created_idx`.
 */
async function newAccountsWithSignals(db: Executor): Promise<QueueAccount[]> {
  const rows = await queryRows<{
    id: string;
    name: string;
    createdAt: Date;
    sharedInbox: number;
    heldTexts: number;
    reports: number;
  }>(
    db,
    sql`select * from (
          select u.id, trim(u.first_name || ' ' || u.last_name) as name, u.created_at as "createdAt",
            (select count(*)::int from users s where s.inbox_key = u.inbox_key and s.id <> u.id) as "sharedInbox",
            (select count(*)::int from moderation_items mi
               where mi.author_id = u.id and mi.status in ('held', 'removed')) as "heldTexts",
            (select count(*)::int from reports r
               where r.target_type = 'user' and r.target_id = u.id::text and not r.resolved) as "reports"
          from users u
          where u.created_at > now() - interval '14 days' and u.suspended_at is null and u.deleted_at is null
        ) a
        where a."sharedInbox" > 0 or a."heldTexts" > 0 or a."reports" > 0
        order by a."createdAt" desc limit ${QUEUE_PAGE}`,
  );
  return rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    abilities: { suspend: ALLOWED },
  }));
}

/**
 * Lets a held text through or removes it (a flagged one: dismissed, or removed). Removing teaches the
 * spam signature, so its near-copies are held from now on. Logged.
 * @throws AppError 404 no such open item for this viewer (a group moderator sees only their groups');
 *   409 decided already
 */
export async function decide(
  db: Executor,
  viewer: ActorRef,
  itemId: string,
  action: "release" | "remove",
  owners: HeldTextOwners,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [item] = await queryRows<{
      id: string;
      kind: ModeratedKind;
      targetId: string;
      authorId: string;
      groupId: string | null;
      text: string;
      status: string;
      mayWork: boolean;
    }>(
      tx,
      sql`select id, kind, target_id as "targetId", author_id as "authorId", group_id as "groupId", text, status,
                 ${viewer.isAdmin ? sql`true` : sql`group_id in ${moderatedGroupsSql(viewer.id)} and author_id <> ${viewer.id}::uuid`} as "mayWork"
          from moderation_items where id = ${itemId} for update`,
    );
    if (!item?.mayWork) throw notFound(msg("Not found"));
    if (item.status !== "held" && item.status !== "flagged")
      throw conflict(msg("Someone has decided on this already."), "decided");
    const owner = owners[item.kind];
    if (action === "remove") {
      await owner.remove(tx, item.targetId);
      await learnSpam(tx, item.id, item.text);
    } else if (item.status === "held") {
      await owner.release(tx, item.targetId);
    }
    await tx.execute(
      sql`update moderation_items set status = ${action === "remove" ? "removed" : "released"},
            decided_by_id = ${viewer.id}, decided_at = now() where id = ${item.id}`,
    );
    await logModeration(tx, {
      action: action === "remove" ? "remove" : item.status === "held" ? "release" : "dismiss",
      actorId: viewer.id,
      itemId: item.id,
      subjectId: item.authorId,
      groupId: item.groupId,
    });
  });
}

/**
 * The log, newest first: all of it for admins, their groups' lines for group moderators.
 * @returns up to `limit + 1` lines (keyset pages over `moderation_log_created_idx`)
 */
export async function listLog(
  db: Executor,
  viewer: ActorRef,
  options: { limit: number; cursor?: Cursor },
): Promise<ModerationLogEntry[]> {
  const scope = viewer.isAdmin ? sql`true` : sql`l.group_id in ${moderatedGroupsSql(viewer.id)}`;
  const rows = await queryRows<{
    id: string;
    action: ModerationLogEntry["action"];
    actorId: string | null;
    actorName: string | null;
    subjectId: string | null;
    subjectName: string | null;
    itemId: string | null;
    createdAt: Date;
  }>(
    db,
    sql`select l.id, l.action, l.actor_id as "actorId", trim(a.first_name || ' ' || a.last_name) as "actorName",
               l.subject_id as "subjectId", trim(s.first_name || ' ' || s.last_name) as "subjectName",
               l.item_id as "itemId", l.created_at as "createdAt"
        from moderation_log l left join users a on a.id = l.actor_id left join users s on s.id = l.subject_id
        where ${scope} ${options.cursor ? sql`and ${keysetBefore(sql`l.created_at`, sql`l.id`, options.cursor)}` : sql``}
        order by l.created_at desc, l.id desc limit ${options.limit + 1}`,
  );
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    actor: row.actorId ? { id: row.actorId, name: row.actorName ?? "" } : null,
    subject: row.subjectId ? { id: row.subjectId, name: row.subjectName ?? "" } : null,
    itemId: row.itemId,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}
