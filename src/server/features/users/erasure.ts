/**
 * What leaving MealShare does to a member's row (docs/decisions/017): marked while they leave, unmarked
 * if they stay, and once erased a "Former member" with nothing personal left, so the other side of a
 * thread reads on.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema";

/** Marks the member as leaving: their profile is hidden from now on (users/policy.ts). */
export async function markLeaving(tx: Executor, memberId: string): Promise<void> {
  await tx.update(users).set({ deletionRequestedAt: sql`now()` }).where(eq(users.id, memberId));
}

/**
 * Unmarks a member who stays.
 * @returns what their withdrawn meals' return depends on, or null when no deletion was under way
 */
export async function markStaying(
  tx: Executor,
  memberId: string,
): Promise<{ isRegisteredCook: boolean; suspended: boolean } | null> {
  const [kept] = await tx
    .update(users)
    .set({ deletionRequestedAt: null })
    .where(
      and(eq(users.id, memberId), isNull(users.deletedAt), sql`${users.deletionRequestedAt} is not null`),
    )
    .returning({ isRegisteredCook: users.isRegisteredCook, suspendedAt: users.suspendedAt });
  return kept ? { isRegisteredCook: kept.isRegisteredCook, suspended: kept.suspendedAt !== null } : null;
}

/** Turns the member's row into a former member's: no name, address, preferences or places. */
export async function eraseMemberRow(tx: Executor, memberId: string, formerName: string): Promise<void> {
  await tx
    .update(users)
    .set({
      oidcIssuer: "mealshare:erased",
      oidcSubject: memberId,
      email: "",
      emailVerified: false,
      firstName: formerName,
      lastName: "",
      profileImageUrl: null,
      bio: null,
      dietaryPrefs: null,
      allergyCodes: [],
      allergiesOther: "",
      dietTags: [],
      newsletterOptIn: false,
      isRegisteredCook: false,
      cookCertificateExpiresOn: null,
      cookExpiryRemindedAt: null,
      calendarTokenHash: null,
      locale: null,
      notificationPreferences: {},
      homeLatitude: null,
      homeLongitude: null,
      homeLabel: null,
      suspendedReason: null,
      deletedAt: sql`now()`,
      deletionRequestedAt: sql`coalesce(${users.deletionRequestedAt}, now())`,
    })
    .where(eq(users.id, memberId));
}
