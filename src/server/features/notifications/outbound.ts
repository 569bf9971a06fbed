/**
 * The one sender of news outside the app (docs/features/notifications.md points 2 and 3): a push to
 * the member's devices and an email to their inbox, each only as their preferences for its category
 * allow and an email only to a proved address. A notification's delivery (delivery.ts) and an alert's
 * digest (alerts' digest.ts) both send through it; each claims its turn its own way, so a claim is
 * passed in where one is needed.
 */
import type { Language } from "../../../contract/i18n";
import type { DeliveryCategory } from "../../../contract/notifications";
import type { Executor } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { isPermanentFailure, type Mailer } from "../../mail";
import { clearMailFailures, countMailFailure } from "../users";
import { notificationEmail, type Say } from "./email";
import { wants } from "./preferences";
import { type PushSender, sendPush } from "./push";
import { unsubscribeToken } from "./unsubscribe";

/** What delivering needs: the database, the two channels, where links point, and the words. */
export interface DeliveryContext {
  db: Executor;
  mailer: Mailer;
  push: PushSender;
  publicUrl: string;
  /** Signs unsubscribe links. */
  secret: string;
  /**
   * Money in messages (docs/features/languages-currency-impact.md), and the language of members who
   * never chose one.
   */
  currency: string;
  defaultLanguage: Language;
  /** Permanent failures in a row after which an address is no longer mailed (`MAIL_STOP_AFTER`). */
  mailStopAfter?: number;
  onError: (error: unknown) => void;
}

/** A push's life at the push service: a day, enough for a phone that was off overnight. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** What one piece of news says and where it leads. */
export interface OutboundNews {
  category: DeliveryCategory;
  /** The sentence, already in the member's language. */
  text: string;
  /** The app's path the push and the email's button open. */
  link: string;
  /** Pushes of one tag replace each other on the device. */
  tag: string;
  /** RFC 8030 topic (≤ 32 base64url characters): pushes of one topic replace each other while offline. */
  topic?: string;
}

/** A channel claimed before it is used, and how to release the email's claim when sending fails. */
export interface OutboundClaims {
  push?: () => Promise<boolean>;
  email?: () => Promise<{ giveBack(): Promise<void> } | null>;
}

/** What sending news reads of its recipient: preferences, address, name and mail failures. */
type OutboundMember = Pick<
  UserRow,
  | "id"
  | "email"
  | "emailVerified"
  | "firstName"
  | "notificationPreferences"
  | "newsletterOptIn"
  | "mailFailures"
  | "mailStoppedAt"
>;

/**
 * Pushes and emails one piece of news to a member.
 * @param member the recipient's row (preferences, address, name)
 * @param say the recipient's language, bound (email.ts `Say`)
 * @param claims taken just before each channel is used; a channel whose claim fails is skipped
 * @throws the mailer's error, after giving the email claim back, so the caller's job is retried
 */
export async function sendOutbound(
  context: DeliveryContext,
  member: OutboundMember,
  language: string,
  say: Say,
  news: OutboundNews,
  claims: OutboundClaims = {},
): Promise<void> {
  if (wants(member, news.category, "push") && (!claims.push || (await claims.push()))) {
    await sendPush(
      context.db,
      context.push,
      member.id,
      { title: "MealShare", body: news.text, url: news.link, tag: news.tag },
      { ttlSeconds: PUSH_TTL_SECONDS, topic: news.topic, onError: context.onError },
    );
  }
  if (
    !wants(member, news.category, "email") ||
    !member.emailVerified ||
    member.mailStoppedAt !== null ||
    context.mailer.mode === "off"
  )
    return;
  const claim = claims.email ? await claims.email() : null;
  if (claims.email && !claim) return;
  const url = (path: string) => `${context.publicUrl}${path}`;
  const token = unsubscribeToken(context.secret, member.id, news.category);
  try {
    await context.mailer.send(
      notificationEmail({
        to: member.email,
        firstName: member.firstName,
        language,
        say,
        text: news.text,
        url: url(news.link),
        category: news.category,
        unsubscribePageUrl: url(`/unsubscribe?token=${token}`),
        unsubscribeOneClickUrl: url(`/api/unsubscribe?token=${token}`),
        settingsUrl: url("/settings"),
      }),
    );
  } catch (error) {
    await claim?.giveBack();
    // Refused for good: counted, and not retried — the same message would be refused again.
    if (isPermanentFailure(error)) {
      await recordMailFailure(context, member.id);
      return;
    }
    throw error;
  }
  if (member.mailFailures > 0) await clearMailFailures(context.db, member.id);
}

/**
 * Counts a permanent failure to the member's address; at `mailStopAfter` in a row (3 by default)
 * MealShare stops mailing it, and Settings says so (docs/features/notifications.md "Mail that reaches
 * the inbox": mail to dead addresses harms every member's delivery).
 */
async function recordMailFailure(context: DeliveryContext, memberId: string): Promise<void> {
  await countMailFailure(context.db, memberId, context.mailStopAfter ?? 3);
}
