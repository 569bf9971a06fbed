/**
 * Server-side sessions (docs/DESIGN.md §1 "sessions"): a random token in the `sid` cookie, its SHA-256
 * in the `sessions` table, so every instance sees the same sessions and signing out revokes one.
 */
import { createHash, randomBytes } from "node:crypto";
import { isIP } from "node:net";
import Bowser from "bowser";
import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { type Executor, executeInTurn } from "../db/client";
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
 * What Settings → Signed-in devices calls a browser (docs/decisions/016): "Firefox · Android" from its
 * User-Agent header (bowser), or "" when it names nothing known. Proper names only, joined by a mark
 * rather than a word ("on"), since it is stored once and read in every member's language. Nothing
 * else of the request is kept — no address.
 */
export function deviceName(userAgent: string | undefined): string {
  if (!userAgent) return "";
  const parsed = Bowser.parse(userAgent.slice(0, 500));
  const browser = parsed.browser.name ?? "";
  const system = parsed.os.name ?? "";
  return (browser && system ? `${browser} · ${system}` : browser || system).slice(0, 120);
}

/**
 * Starts a session for a user.
 * @param userAgent the browser's User-Agent header, named for Settings (`deviceName`)
 * @returns the token to put in the cookie (never stored in clear)
 */
export async function createSession(
  db: Executor,
  userId: string,
  userAgent?: string,
  ip?: string,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    device: deviceName(userAgent),
    network: networkOf(ip),
    expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
  });
  return token;
}

/**
 * The network an address belongs to, coarse enough to say nothing of where someone is: an IPv4
 * address's /24 ("203.0.113.x"), an IPv6 address's /48 ("2001:db8:1::/48"); "" for none or another
 * form (docs/features/everyday-journey.md: two "Chrome on Linux" told apart).
 */
export function networkOf(ip: string | undefined): string {
  if (!ip) return "";
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (!isIP(ip)) return "";
  const [head] = ip.toLowerCase().split("::");
  const groups = head.split(":").filter(Boolean).slice(0, 3);
  return groups.length === 0 ? "" : `${groups.join(":")}::/48`;
}

/**
 * Puts a new session's token in the `sid` cookie (HttpOnly, SameSite=Lax, Secure over HTTPS,
 * `SESSION_TTL_SECONDS`): the one place every sign-in (provider, emailed code, passkey) sets it.
 */
export function setSessionCookie(
  reply: { setCookie(name: string, value: string, options: object): unknown },
  token: string,
  publicUrl: string,
  userId: string,
): void {
  const secure = publicUrl.startsWith("https://");
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: SESSION_TTL_SECONDS,
  });
  // This browser holds the account's last session: its code asks are the owner's (docs/decisions/020
  // "Lock-out"). Signed, read only by the sign-in pages, and kept across sign-outs.
  reply.setCookie(KNOWN_BROWSER_COOKIE, userId, {
    path: "/api/login",
    httpOnly: true,
    sameSite: "lax",
    secure,
    signed: true,
    maxAge: KNOWN_BROWSER_SECONDS,
  });
}

/** The cookie that says which member last signed in on this browser (docs/decisions/020 "Lock-out"). */
export const KNOWN_BROWSER_COOKIE = "known";
/** How long a browser is remembered as a member's: about 13 months, what browsers keep a cookie at most. */
const KNOWN_BROWSER_SECONDS = 400 * 24 * 60 * 60;

/**
 * The member who last signed in on the asking browser, from its signed `known` cookie; null when it
 * has none, or a forged one.
 */
export function knownBrowserMember(request: {
  cookies: Record<string, string | undefined>;
  unsignCookie(value: string): { valid: boolean; value: string | null };
}): string | null {
  const raw = request.cookies[KNOWN_BROWSER_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/** How stale a session's "last used" may be before a lookup writes it again: an hour, as Settings shows it. */
const LAST_SEEN_STEP_MS = 60 * 60 * 1000;

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
    .select({ user: users, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A suspended account has no session, even one that raced its suspension (docs/features/food-safety.md).
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date()), isNull(users.suspendedAt)))
    .limit(1);
  if (!row) return null;
  // Lookups run every few seconds per session (session-cache.ts); a write only once an hour.
  if (Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_STEP_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, new Date(Date.now() - LAST_SEEN_STEP_MS))));
  }
  return { user: row.user, expiresAt: row.expiresAt };
}

/** One of a member's sessions as Settings lists it. */
export interface SessionSummary {
  id: string;
  device: string;
  network: string;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/**
 * A member's sessions that have not expired, the most recently used first (Settings → Signed-in
 * devices, docs/decisions/016); `currentId` is the asking session's row id (the token's hash).
 */
export async function listSessions(
  db: Executor,
  userId: string,
  currentId: string,
): Promise<SessionSummary[]> {
  const rows = await db
    .select({
      rowId: sessions.id,
      id: sessions.publicId,
      device: sessions.device,
      network: sessions.network,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(sql`${sessions.lastSeenAt} desc`)
    .limit(100);
  return rows.map(({ rowId, ...row }) => ({ ...row, current: rowId === currentId }));
}

/**
 * Ends a member's sessions and their live streams on every instance: one (`only`, its public id),
 * every one but the asking session (`except`, its row id), or every one (`"all"`: a suspension, or
 * leaving MealShare, docs/decisions/017).
 * @returns how many ended
 */
export async function endSessions(
  db: Executor,
  userId: string,
  which: { only: string } | { except: string } | "all",
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        which === "all"
          ? undefined
          : "only" in which
            ? eq(sessions.publicId, which.only)
            : ne(sessions.id, which.except),
      ),
    )
    .returning({ id: sessions.id });
  if (ended.length > 0) await announceSessionsEnded(db, userId);
  return ended.length;
}

/** Ends a session, and the live streams it opened on every instance; unknown tokens are ignored. */
export async function deleteSession(db: Executor, token: string): Promise<void> {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.id, hashToken(token)))
    .returning({ userId: sessions.userId });
  if (ended) await announceSessionsEnded(db, ended.userId);
}

/** When the session with row id `id` (the token's hash) was signed in, or null when it is unknown. */
export async function sessionStartedAt(db: Executor, id: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, id))
    .limit(1);
  return row?.createdAt ?? null;
}

/**
 * Forgets every way `memberId` signed in — sessions, passkeys, emailed codes (also those sent to
 * `email`) and WebAuthn challenges — when their account is erased (docs/decisions/017).
 */
export async function eraseSignIns(tx: Executor, memberId: string, email: string): Promise<void> {
  await executeInTurn(tx, [
    sql`delete from sessions where user_id = ${memberId}`,
    sql`delete from passkeys where user_id = ${memberId}`,
    sql`delete from sign_in_codes where user_id = ${memberId} or email = ${email}`,
    sql`delete from webauthn_challenges where user_id = ${memberId}`,
  ]);
}
