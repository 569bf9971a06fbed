/**
 * Server-side sessions (docs/DESIGN.md §1 "sessions"): a random token in the `sid` cookie, its SHA-256
 * in the `sessions` table, so every instance sees the same sessions and signing out revokes one.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "../db/client";
import { sessions, type UserRow, users } from "../db/schema";
import { announceSessionsEnded } from "../live/hub";

/** Name of the session cookie. */
export const SESSION_COOKIE = "sid";
/** How long a session lasts, in seconds (30 days). */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The `sessions` row id of a cookie's token (what the table stores instead of the token). */
export const sessionIdOf = hashToken;

/**
 * Starts a session for a user.
 * @returns the token to put in the cookie (never stored in clear)
 */
export async function createSession(db: Executor, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
  });
  return token;
}

/** The user a session token belongs to, or null when it is unknown or expired. */
export async function findSessionUser(db: Executor, token: string): Promise<UserRow | null> {
  return (await findSession(db, sessionIdOf(token)))?.user ?? null;
}

/**
 * The session with this id (the token's hash) and its user, or null when it is unknown, expired or
 * its user suspended.
 */
export async function findSession(
  db: Executor,
  id: string,
): Promise<{ user: UserRow; expiresAt: Date } | null> {
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A suspended account has no session, even one that raced its suspension (docs/features/food-safety.md).
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date()), isNull(users.suspendedAt)))
    .limit(1);
  return row ?? null;
}

/** Ends a session, and the live streams it opened on every instance; unknown tokens are ignored. */
export async function deleteSession(db: Executor, token: string): Promise<void> {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.id, hashToken(token)))
    .returning({ userId: sessions.userId });
  if (ended) await announceSessionsEnded(db, ended.userId);
}
