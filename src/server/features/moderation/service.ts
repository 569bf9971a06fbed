/**
 * Spam held before it lands (docs/decisions/020 "Held before it lands"): every text a member writes
 * is checked before anyone else reads it — its signals (signals.ts) and its likeness to removed spam
 * (signatures.ts) — and weighed against the writer's level. A newcomer's suspicious text is held until
 * a moderator lets it through; a trusted member's is delivered and flagged. The feature that owns the
 * text stores it held or not (`verdict.action`), then records the verdict here with the text's id.
 */
import { sql } from "drizzle-orm";
import type { ModeratedKind } from "../../../contract/moderation";
import type { NewcomerLimits, TrustLevel } from "../../../contract/trust";
import type { ActorRef } from "../../auth/actor";
import { type Executor, queryRows } from "../../db/client";
import { actingLevel, linkLimitRefusal } from "../trust";
import { readSignals, type Signal, scoreOf } from "./signals";
import { NEAR_COPY_JACCARD, nearestSpam } from "./signatures";

/**
 * The score at which a text is held, by the writer's level (docs/decisions/020 "The check"): a
 * newcomer's at 3 (one strong signal: a payment link, a phone number, money asked for), a neighbour's
 * at 5 (two, or a near-copy of removed spam); a trusted member's never — it is delivered and flagged.
 */
export const HOLD_AT: Record<TrustLevel, number | null> = { newcomer: 3, neighbour: 5, trusted: null };
/** The score at which a delivered text is flagged for a moderator's look. */
export const FLAG_AT = 3;

/** What becomes of a text: delivered, held until a moderator decides, or delivered and flagged. */
export interface Verdict {
  action: "deliver" | "hold" | "flag";
  signals: Signal[];
  score: number;
  /** The text as checked, kept with a held or flagged item. */
  text: string;
}

/**
 * Checks a text before it is stored (docs/decisions/020 "The check"). Admins' texts are delivered.
 * @param parts the text's parts (a meal's title, description and place; a message's body), joined
 * @param limits the newcomer limits (the links a text may hold), or null for a text written before
 *   (a weekly meal's next week)
 * @returns the verdict the owner stores the text by, and records with `recordVerdict`
 * @throws AppError 403 `newcomer_limit` a newcomer's text with more links than they may write
 */
export async function checkText(
  db: Executor,
  author: ActorRef,
  parts: readonly (string | null | undefined)[],
  limits: NewcomerLimits | null,
): Promise<Verdict> {
  const text = parts.filter((part): part is string => Boolean(part?.trim())).join("\n");
  const delivered: Verdict = { action: "deliver", signals: [], score: 0, text };
  if (!text) return delivered;
  const level = await actingLevel(db, author);
  const found = readSignals(text);
  const tooManyLinks = limits && linkLimitRefusal(level, found.links, limits);
  if (tooManyLinks) throw tooManyLinks;
  if (author.isAdmin) return delivered;
  const signals = [...found.signals];
  if ((await nearestSpam(db, text)) >= NEAR_COPY_JACCARD) signals.push("near_copy");
  const score = scoreOf(signals);
  return { action: actionFor(level, score), signals, score, text };
}

/** The action a score calls for at a level (`HOLD_AT`, `FLAG_AT`). */
export function actionFor(level: TrustLevel, score: number): Verdict["action"] {
  const holdAt = HOLD_AT[level];
  if (holdAt !== null && score >= holdAt) return "hold";
  return score >= FLAG_AT ? "flag" : "deliver";
}

/**
 * Records a held or flagged text in the queue, in the transaction that stored it (a delivered text
 * leaves nothing).
 * @param target the text's kind and id (the meal, message, request, group or member of a bio), its
 *   author, where it is read in the app, and the group whose moderators may work it
 */
export async function recordVerdict(
  tx: Executor,
  verdict: Verdict,
  target: { kind: ModeratedKind; targetId: string; authorId: string; link: string; groupId?: string | null },
): Promise<void> {
  if (verdict.action === "deliver") return;
  await tx.execute(
    sql`insert into moderation_items (kind, target_id, author_id, group_id, link, text, signals, score, status)
        values (${target.kind}, ${target.targetId}, ${target.authorId}, ${target.groupId ?? null}, ${target.link},
                ${verdict.text.slice(0, 8000)}, ${JSON.stringify(verdict.signals)}::jsonb, ${verdict.score},
                ${verdict.action === "hold" ? "held" : "flagged"})`,
  );
}

/**
 * A text a member reported (docs/decisions/020 "The queue"): it comes into the queue flagged, once —
 * whatever the words said — so a moderator who removes it teaches the signature its near-copies are
 * held by from then on.
 */
export async function flagReported(
  tx: Executor,
  target: {
    kind: ModeratedKind;
    targetId: string;
    authorId: string;
    text: string;
    link: string;
    groupId?: string | null;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into moderation_items (kind, target_id, author_id, group_id, link, text, signals, score, status)
        select ${target.kind}, ${target.targetId}, ${target.authorId}, ${target.groupId ?? null}, ${target.link},
               ${target.text.slice(0, 8000)}, '["reported"]'::jsonb, 0, 'flagged'
        where not exists (select 1 from moderation_items
                          where kind = ${target.kind} and target_id = ${target.targetId}
                            and status in ('held', 'flagged'))`,
  );
}

/** Whether a text of `kind` with id `targetId` waits for a moderator. */
export async function isHeld(db: Executor, kind: ModeratedKind, targetId: string): Promise<boolean> {
  const [row] = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from moderation_items where kind = ${kind} and target_id = ${targetId} and status = 'held'`,
  );
  return Boolean(row);
}
