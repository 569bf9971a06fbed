/**
 * The actor: who is acting on a request — the signed-in member's row with what the deployment
 * decides about them (an admin or not, suspended or not) — built once per request when the session
 * is read (users.ts `registerSessionUser`) and the one shape every service and policy takes for "who"
 * (docs/ARCHITECTURE.md "Server features"). Nothing below a route asks `isAdmin(user, config)` again
 * or takes a boolean that means "is an admin".
 */
import type { Config } from "../config";
import type { UserRow } from "../db/schema";

/** A member acting on a request: their row, whether they are an admin, whether they are suspended. */
export type Actor = UserRow & {
  /** docs/DESIGN.md §4 "Admin", decided by `isAdmin` when the request's session is read. */
  readonly isAdmin: boolean;
  /** An admin suspended the account (docs/features/food-safety.md); a suspended member has no sessions. */
  readonly suspended: boolean;
};

/** The part of an actor a policy reads to tell the member, an admin and anyone else apart. */
export type ActorRef = Pick<Actor, "id" | "isAdmin">;

/**
 * docs/DESIGN.md §4 "Admin": the email matches one of ADMIN_EMAIL's, case-insensitively, and it was
 * proved — by an emailed code (docs/decisions/016) or a provider that says it verified it — a provider
 * with self-service sign-up would otherwise hand out admin. The bundled dev provider vouches for any
 * email typed into it, so its users are admins only where that is safe (`config.devAdmin`: listening on
 * loopback, or DEV_ADMIN set on purpose).
 */
export function isAdmin(
  user: Pick<UserRow, "email" | "emailVerified">,
  config: Pick<Config, "adminEmails" | "signIn" | "devAdmin">,
): boolean {
  if (!user.emailVerified) return false;
  if (config.signIn === "dev" && !config.devAdmin) return false;
  return config.adminEmails.includes(user.email.toLowerCase());
}

/**
 * The actor of a member's row, for a request or a job acting for them.
 * @param config the deployment's admin list and sign-in mode (`isAdmin`)
 */
export function actorOf(user: UserRow, config: Pick<Config, "adminEmails" | "signIn" | "devAdmin">): Actor {
  return { ...user, isAdmin: isAdmin(user, config), suspended: user.suspendedAt !== null };
}
