/**
 * Unsubscribe links (docs/decisions/007): one per email category, signed with a key derived from
 * the server's secret, so they work without signing in and cannot be made up for someone else. A
 * token is `base64url(userId:category).base64url(HMAC-SHA256)`; it does not expire (a link in an
 * old email still works) and names nothing but the account and the category.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
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

/**
 * The links' signing key, derived from the server secret with HKDF (RFC 5869) under a label of its
 * own: an unsubscribe link, which is mailed out and kept for ever, then reveals nothing usable
 * against the secret's other uses (cookies, the dev sign-in's keys).
 */
const signingKey = (secret: string) =>
  Buffer.from(hkdfSync("sha256", secret, "", "mealshare unsubscribe links v1", 32));
const signature = (key: string | Buffer, payload: string) =>
  createHmac("sha256", key).update(`unsubscribe:${payload}`).digest();

/** The token of `userId`'s link for `category`. */
export function unsubscribeToken(secret: string, userId: string, category: EmailCategory): string {
  const payload = Buffer.from(`${userId}:${category}`).toString("base64url");
  return `${payload}.${signature(signingKey(secret), payload).toString("base64url")}`;
}

/** The account and category a token names, or null when it is not one of ours. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; category: EmailCategory } | null {
  const [payload, mac] = token.split(".");
  if (!payload || !mac) return null;
  const given = Buffer.from(mac, "base64url");
  const matches = (expected: Buffer) => given.length === expected.length && timingSafeEqual(given, expected);
  // Links mailed before the key was derived were signed with the secret itself; they are still
  // honoured (old emails keep working), but no new one is made that way.
  if (!matches(signature(signingKey(secret), payload)) && !matches(signature(secret, payload))) return null;
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
