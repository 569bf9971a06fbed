/**
 * Unsubscribe links (issue 14 point 3): one per email category, signed with the server's secret
 * so they work without signing in and cannot be made up for someone else. A token is
 * `base64url(userId:category).base64url(HMAC-SHA256)`; it does not expire (a link in an old email
 * still works) and names nothing but the account and the category.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import {
  CATEGORY_LABELS,
  EMAIL_CATEGORIES,
  type EmailCategory,
  type UnsubscribeState,
} from "../../../contract/notifications";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema";
import { notFound } from "../../errors";
import { preferencesOf, stopEmails } from "./preferences";

const signature = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(`unsubscribe:${payload}`).digest();

/** The token of `userId`'s link for `category`. */
export function unsubscribeToken(secret: string, userId: string, category: EmailCategory): string {
  const payload = Buffer.from(`${userId}:${category}`).toString("base64url");
  return `${payload}.${signature(secret, payload).toString("base64url")}`;
}

/** The account and category a token names, or null when it is not one of ours. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; category: EmailCategory } | null {
  const [payload, mac] = token.split(".");
  if (!payload || !mac) return null;
  const expected = signature(secret, payload);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, category] = Buffer.from(payload, "base64url").toString("utf8").split(":");
  if (!userId || !(EMAIL_CATEGORIES as readonly string[]).includes(category)) return null;
  return { userId, category: category as EmailCategory };
}

/** "maria@example.org" → "m•••@example.org": enough to recognise, not to harvest. */
function maskEmail(email: string): string {
  const [local, domain] = email.split("@");
  return domain ? `${local.slice(0, 1)}•••@${domain}` : "•••";
}

/**
 * What a link would change, and whether it has been: read by the unsubscribe page, and, with
 * `apply`, the change itself (the page's button and mail apps' one-click POST).
 * @throws AppError 404 "This unsubscribe link is not valid." for a forged token or a gone account
 */
export async function unsubscribe(
  db: Executor,
  secret: string,
  token: string,
  apply: boolean,
): Promise<UnsubscribeState> {
  const target = readUnsubscribeToken(secret, token);
  const invalid = notFound(msg("This unsubscribe link is not valid."));
  if (!target) throw invalid;
  const [user] = await db.select().from(users).where(eq(users.id, target.userId)).limit(1);
  if (!user) throw invalid;
  if (apply) await stopEmails(db, user.id, target.category);
  const preferences = apply ? null : preferencesOf(user);
  return {
    category: target.category,
    label: CATEGORY_LABELS[target.category],
    email: maskEmail(user.email),
    unsubscribed: apply || !preferences?.[target.category].email,
  };
}
