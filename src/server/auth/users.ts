/**
 * The signed-in user: finding or creating them from OIDC claims, attaching them to each API
 * request from the `sid` cookie, and the checks routes and services use (docs/DESIGN.md §3, §4 "Admin").
 */

import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { CurrentUser } from "../../contract/auth";
import type { PublicUser } from "../../contract/common";
import { isRenewalDue, todayIso } from "../../contract/cooks";
import type { AllergenCode } from "../../contract/food-safety";
import { supportedLanguage } from "../../contract/i18n";
import { msg } from "../../contract/messages";
import type { Config } from "../config";
import type { Db, Executor } from "../db/client";
import { type UserRow, users } from "../db/schema";
import { forbidden, unauthorized } from "../errors";
import { presentHomeArea } from "../features/users";
import { shownLastName, shownName } from "../member-names";
import { type Actor, actorOf, isAdmin } from "./actor";
import type { SessionCache } from "./session-cache";
import { findSession, SESSION_COOKIE, sessionIdOf } from "./sessions";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in member as an actor (actor.ts), or null; set for every /api request. */
    user: Actor | null;
  }
}

/**
 * Finds the user an identity provider vouches for, creating them on first sign-in. The email and
 * whether the provider verified it are refreshed each time; names are only set on creation, since
 * users edit them. A verified email is one member (docs/decisions/016 "One email, one member"): a
 * provider's first sign-in with an address another account holds, verified, takes that account over
 * (the oldest such one) rather than making a second.
 * @param issuer what the member is stored under: the provider's issuer URL, or DEV_ISSUER
 * @param claims ID token (and userinfo) claims: sub, email, email_verified, given_name, family_name, name
 * @returns the user, or null when the provider gave no email
 */
export async function upsertOidcUser(
  db: Executor,
  issuer: string,
  claims: Record<string, unknown>,
): Promise<UserRow | null> {
  // Control characters (NUL cannot be stored at all) are dropped from what a provider sends.
  const text = (value: unknown) => (typeof value === "string" ? value.replace(/\p{Cc}/gu, "") : undefined);
  const email = text(claims.email)?.trim().toLowerCase().slice(0, 320) ?? "";
  if (!email || typeof claims.sub !== "string") return null;
  // Only a literal true: some providers send "true" strings or omit it for unverified addresses.
  const verified = claims.email_verified === true;
  const [fallbackFirst = "", ...rest] = text(claims.name)?.split(" ") ?? [];
  const firstName = text(claims.given_name) ?? fallbackFirst;
  const lastName = text(claims.family_name) ?? rest.join(" ");
  if (verified) await adoptByEmail(db, email, issuer, claims.sub);
  const [user] = await db
    .insert(users)
    .values({
      oidcIssuer: issuer,
      oidcSubject: claims.sub,
      email,
      emailVerified: verified,
      firstName: firstName.trim().slice(0, 80),
      lastName: lastName.trim().slice(0, 80),
    })
    .onConflictDoUpdate({
      target: [users.oidcIssuer, users.oidcSubject],
      set: { email: sql`excluded.email`, emailVerified: sql`excluded.email_verified`, updatedAt: new Date() },
    })
    .returning();
  return user;
}

/**
 * Moves the oldest account with `email` verified under (`issuer`, `subject`), unless an account is
 * already there: the sign-in that follows then finds it.
 */
async function adoptByEmail(db: Executor, email: string, issuer: string, subject: string) {
  await db.execute(sql`
    update users set oidc_issuer = ${issuer}, oidc_subject = ${subject}, updated_at = now()
     where id = (select id from users where email = ${email} and email_verified
                  order by created_at, id limit 1)
       and not exists (select 1 from users where oidc_issuer = ${issuer} and oidc_subject = ${subject})`);
}

/** The `oidc_issuer` of members who sign in through the bundled dev provider, whatever its URL. */
export const DEV_ISSUER = "mealshare:dev";

/** The `oidc_issuer` of members who sign in by emailed code or passkey; their subject is their email. */
export const EMAIL_ISSUER = "mealshare:email";

/**
 * The member an emailed code proved `email` for (docs/decisions/016), or null for a new one. An account
 * made under another sign-in (a provider, or the dev sign-in of a deployment that switched) with that
 * address, verified, becomes an emailed member's: the oldest such one, once.
 * @param email lower-cased
 */
export async function findEmailMember(db: Executor, email: string): Promise<UserRow | null> {
  const [own] = await db
    .select()
    .from(users)
    .where(sql`${users.oidcIssuer} = ${EMAIL_ISSUER} and ${users.oidcSubject} = ${email}`)
    .limit(1);
  if (own) return own;
  const [adopted] = await db
    .update(users)
    .set({ oidcIssuer: EMAIL_ISSUER, oidcSubject: email, updatedAt: new Date() })
    .where(
      sql`${users.id} = (select id from users where email = ${email} and email_verified
                          order by created_at limit 1)`,
    )
    .returning();
  return adopted ?? null;
}

/**
 * Makes the member a verified emailed code introduced (docs/decisions/016), with the name they gave.
 * Two tabs finishing at once make one account: the second gets the first's.
 */
export async function createEmailMember(
  db: Executor,
  input: { email: string; firstName: string; lastName: string; locale: string | null },
): Promise<UserRow> {
  const [created] = await db
    .insert(users)
    .values({
      oidcIssuer: EMAIL_ISSUER,
      oidcSubject: input.email,
      email: input.email,
      emailVerified: true,
      firstName: input.firstName,
      lastName: input.lastName,
      locale: input.locale,
    })
    .onConflictDoNothing({ target: [users.oidcIssuer, users.oidcSubject] })
    .returning();
  return created ?? (await findEmailMember(db, input.email))!;
}

/** Attaches `request.user` to every /api request that carries a session cookie, through the cache. */
export function registerSessionUser(
  app: FastifyInstance,
  db: Db,
  cache: SessionCache,
  config: Pick<Config, "adminEmails" | "signIn" | "devAdmin">,
) {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const id = sessionIdOf(token);
    const user = await cache.user(id, () => findSession(db, id));
    if (!user) return;
    request.user = actorOf(user, config);
    request.sessionId = id;
  });
}

/**
 * The signed-in member of a request, as the actor every service takes (actor.ts).
 * @throws AppError 401 "Unauthorized" when signed out (spec §8 treats that text as logged out)
 */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * The signed-in admin of a request.
 * @throws AppError 401 when signed out, 403 for everyone but admins
 */
export function requireAdmin(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (!actor.isAdmin) throw forbidden(msg("Admins only."));
  return actor;
}

/** The signed-in user's own view of themselves (`GET /api/auth/user`). */
export function presentCurrentUser(user: UserRow, config: Config): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    nameShown: user.nameShown,
    profileImageUrl: user.profileImageUrl,
    bio: user.bio,
    bioHeld: user.bioHeld,
    role: user.role,
    isCook: user.isRegisteredCook,
    cookRenewalDue: user.isRegisteredCook && isRenewalDue(user.cookCertificateExpiresOn, todayIso()),
    dietaryPrefs: user.dietaryPrefs,
    allergyCodes: user.allergyCodes as AllergenCode[],
    allergiesOther: user.allergiesOther,
    dietTags: user.dietTags,
    newsletterOptIn: user.newsletterOptIn,
    mailStoppedAt: user.mailStoppedAt?.toISOString() ?? null,
    locale: supportedLanguage(user.locale) ?? null,
    homeArea: presentHomeArea(user),
    createdAt: user.createdAt.toISOString(),
    isAdmin: isAdmin(user, config),
    signIn: config.signIn,
    deletionScheduledFor: user.deletionRequestedAt
      ? new Date(user.deletionRequestedAt.getTime() + config.accountDeletionDays * 86_400_000).toISOString()
      : null,
    deletionGraceDays: config.accountDeletionDays,
  };
}

/**
 * What others may see of a user: no email (docs/STYLE.md "Presenters"), and the name as they chose
 * to show it (features/member-names.ts).
 * @param whole the full last name: the viewer is the other side of an accepted request, or an admin
 */
export function presentPublicUser(
  user: Pick<UserRow, "id" | "firstName" | "lastName" | "nameShown" | "profileImageUrl" | "isRegisteredCook">,
  whole = false,
): PublicUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: shownLastName(user, whole),
    profileImageUrl: user.profileImageUrl,
    isCook: user.isRegisteredCook,
  };
}

/** docs/DESIGN.md §5: sign-in is rate-limited per client, GET or POST alike (writes are limited globally). */
export function signInRateLimit(config: Pick<Config, "rateLimits">) {
  return { max: config.rateLimits.signInPerMinute, timeWindow: "1 minute", allowList: () => false };
}

/**
 * A member named as others read them (features/member-names.ts: "Tom B." unless they show it all), or
 * "A neighbour" for a member without a name: how notifications and emails name a member.
 * @param whole the full name, for someone the member has met (a completed exchange's review)
 */
export function displayName(
  user: Pick<UserRow, "firstName" | "lastName" | "nameShown">,
  whole = false,
): string {
  return shownName(user, whole);
}
