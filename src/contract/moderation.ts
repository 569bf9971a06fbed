/**
 * The review queue (docs/decisions/020 "The queue"): texts the spam check held or flagged, open
 * reports, and new accounts with signals — each with what the viewer may do — and the log of who did
 * what.
 */
import { z } from "zod";
import { abilitySchema } from "./abilities";
import { isoDateTime } from "./common";
import { msg } from "./messages";
import { reportSchema } from "./reports";

/** The kinds of text the check reads. */
export const MODERATED_KINDS = ["meal", "message", "request", "group", "bio"] as const;
export const moderatedKindSchema = z.enum(MODERATED_KINDS);
export type ModeratedKind = (typeof MODERATED_KINDS)[number];

export { HELD_NOTICE, SIGNAL_LABELS } from "./plain/moderation";

const person = z.object({ id: z.uuid(), name: z.string() });

/** A held or flagged text in the queue. */
export const queueTextSchema = z.object({
  id: z.uuid(),
  kind: moderatedKindSchema,
  /** Where the text lives in the app. */
  link: z.string(),
  text: z.string(),
  signals: z.array(z.string()),
  score: z.number().int(),
  /** Held: nobody else read it yet. Flagged: a trusted member's, delivered. */
  status: z.enum(["held", "flagged"]),
  author: person,
  group: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: isoDateTime,
  abilities: z.object({ release: abilitySchema, remove: abilitySchema, suspend: abilitySchema }),
});
export type QueueText = z.infer<typeof queueTextSchema>;

/** A new account (14 days or younger) with a reason to look at it. */
export const queueAccountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: isoDateTime,
  /** Other accounts whose email reaches the same inbox. */
  sharedInbox: z.number().int(),
  /** Texts of theirs held or removed. */
  heldTexts: z.number().int(),
  /** Open reports about them. */
  reports: z.number().int(),
  abilities: z.object({ suspend: abilitySchema }),
});
export type QueueAccount = z.infer<typeof queueAccountSchema>;

/** `GET /api/moderation/queue`: the oldest open items of each part, and how many each part holds. */
export const moderationQueueSchema = z.object({
  texts: z.array(queueTextSchema),
  reports: z.array(reportSchema),
  accounts: z.array(queueAccountSchema),
  counts: z.object({ texts: z.number().int(), reports: z.number().int(), accounts: z.number().int() }),
});
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/** How many of each part the queue sends at once. */
export const QUEUE_PAGE = 50;

/** `POST /api/moderation/items/{id}/decision`: let it through, or remove it. */
export const decisionSchema = z.object({
  action: z.enum(["release", "remove"], { error: msg("action must be release or remove") }),
});
export type Decision = z.infer<typeof decisionSchema>;

export const MODERATION_ACTIONS = ["release", "remove", "suspend", "dismiss"] as const;

/** `GET /api/moderation/log`: who did what, newest first. */
export const moderationLogEntrySchema = z.object({
  id: z.uuid(),
  action: z.enum(MODERATION_ACTIONS),
  actor: person.nullable(),
  subject: person.nullable(),
  itemId: z.uuid().nullable(),
  createdAt: isoDateTime,
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;
