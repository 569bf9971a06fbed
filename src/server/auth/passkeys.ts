/**
 * Passkeys (WebAuthn Level 3, docs/decisions/016) with @simplewebauthn/server: a signed-in member adds
 * one (a discoverable credential, user verification preferred), and anyone signs in with one without
 * typing a name. The relying party is `PUBLIC_URL`'s host and origin. Challenges live in the database
 * for a few minutes and are used once, so any instance can finish a ceremony another began; the
 * library checks the signature counter against the one stored, and a counter that went back refuses
 * the sign-in (a cloned authenticator).
 */
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Passkey } from "../../contract/account";
import { msg } from "../../contract/messages";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { passkeys, type UserRow, users, webauthnChallenges } from "../db/schema";
import { conflict, notFound, validation } from "../errors";

/** The W3C's options JSON as the contract carries it: an object the browser's library reads. */
const asJson = (options: object) => options as Record<string, unknown>;

/** How long a ceremony may take, from options to answer. */
const CHALLENGE_MINUTES = 5;
/** Passkeys one member may keep. */
export const MAX_PASSKEYS = 20;

/** The relying party of the configuration: its ID (a host name) and origin. */
function relyingParty(config: Pick<Config, "publicUrl">) {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: "MealShare" };
}

async function saveChallenge(db: Db, challenge: string, userId: string | null): Promise<string> {
  const [row] = await db
    .insert(webauthnChallenges)
    .values({ challenge, userId, expiresAt: sql`now() + make_interval(mins => ${CHALLENGE_MINUTES})` })
    .returning({ id: webauthnChallenges.id });
  return row.id;
}

/** Takes a challenge out, once; null when unknown, expired, used, or another member's. */
async function takeChallenge(db: Db, id: string, userId: string | null): Promise<string | null> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, id), gt(webauthnChallenges.expiresAt, sql`now()`)))
    .returning();
  if (!row || row.userId !== userId) return null;
  return row.challenge;
}

/** A member's passkeys, oldest first. */
export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt))
    .limit(MAX_PASSKEYS);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/**
 * The options to create a passkey for `user`, excluding the ones they have (an authenticator holds one
 * per member).
 * @throws AppError 409 when the member has `MAX_PASSKEYS` already
 */
export async function passkeyCreationOptions(db: Db, config: Config, user: UserRow) {
  const own = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (own.length >= MAX_PASSKEYS) throw conflict(msg("You have 20 passkeys: remove one to add another."));
  const rp = relyingParty(config);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: new TextEncoder().encode(user.id),
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    attestationType: "none",
    excludeCredentials: own.map((key) => ({
      id: key.id,
      transports: key.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  return { challengeId: await saveChallenge(db, options.challenge, user.id), options: asJson(options) };
}

/**
 * Checks a new passkey's answer and keeps it.
 * @throws AppError 400 when the challenge is unknown, expired or another member's, or the answer does
 *   not verify; 409 when the passkey is registered already
 */
export async function addPasskey(
  db: Db,
  config: Config,
  user: UserRow,
  input: { challengeId: string; name: string; response: unknown },
): Promise<Passkey> {
  const refused = validation(msg("That passkey could not be added. Try again."));
  const challenge = await takeChallenge(db, input.challengeId, user.id);
  if (!challenge) throw refused;
  const rp = relyingParty(config);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw refused;
  }
  if (!verified.verified) throw refused;
  const { credential } = verified.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId: user.id,
      name: input.name,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(msg("That passkey is already registered."));
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null };
}

/**
 * Removes one of the member's passkeys; it signs nobody in from then on.
 * @throws AppError 404 when the member has no passkey with that id
 */
export async function removePasskey(db: Db, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (gone.length === 0) throw notFound();
}

/** The options to sign in with any passkey of this site (discoverable credentials: no list sent). */
export async function passkeySignInOptions(db: Db, config: Config) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).id,
    userVerification: "preferred",
  });
  return { challengeId: await saveChallenge(db, options.challenge, null), options: asJson(options) };
}

/**
 * Checks a sign-in answer: the challenge ours and unused, the credential one we keep, its signature
 * and counter good. Updates the counter and when it was last used.
 * @returns the member the passkey belongs to
 * @throws AppError 400 for any answer that does not verify (one message: which check failed is not
 *   the browser's business)
 */
export async function signInWithPasskey(
  db: Db,
  config: Config,
  input: { challengeId: string; response: { id: string } },
): Promise<UserRow> {
  const refused = validation(msg("That passkey did not sign you in. Try again, or use your email."));
  const challenge = await takeChallenge(db, input.challengeId, null);
  if (!challenge) throw refused;
  const [found] = await db
    .select({ key: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.id, input.response.id))
    .limit(1);
  if (!found) throw refused;
  const rp = relyingParty(config);
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response: input.response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: found.key.id,
        publicKey: new Uint8Array(found.key.publicKey),
        counter: found.key.counter,
        transports: found.key.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: false,
    });
    if (!verified.verified) throw refused;
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    throw refused;
  }
  await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(eq(passkeys.id, found.key.id));
  return found.user;
}
