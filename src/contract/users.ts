/**
 * Public profiles and blocking (docs/features/food-safety.md points 5–6): what anyone signed in may see
 * of another user, the reviews they received, and the user's own list of blocked users.
 */
import { z } from "zod";
import { abilitySchema } from "./abilities";
import { isoDateTime } from "./common";
import { ratingSchema } from "./meals";
import { reliabilitySchema } from "./requests";

/** `GET /api/users/{id}`: the public profile. Never the email, allergies or diet. */
/**
 * What the viewer may do about a member whose profile they read: block them (anyone but oneself),
 * suspend them or delete their account (an admin, anyone but themselves).
 */
export const profileAbilitiesSchema = z.object({
  block: abilitySchema,
  suspend: abilitySchema,
  delete: abilitySchema,
});
export type ProfileAbilities = z.infer<typeof profileAbilitiesSchema>;

export const publicProfileSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
  /** Registered to sell (docs/features/food-safety.md; spec §3 names it `isCook`). */
  isCook: z.boolean(),
  memberSince: isoDateTime,
  rating: ratingSchema,
  /**
   * Their pickups over the last 12 months (docs/features/households.md point 5): "Picked up 23 of 24",
   * "Handed over 40 of 41" — no-shows and late cancellations counted, never their reasons.
   */
  reliability: reliabilitySchema,
  /** Whether the viewer has blocked this user (their Block / Unblock button). */
  blockedByMe: z.boolean(),
  /** Suspended by an admin; only admins see such a profile at all. */
  suspended: z.boolean(),
  /** Whether it is the viewer's own profile, as the server reads it. */
  yours: z.boolean(),
  /** What the viewer may do about this member (`profileAbilitiesSchema`). */
  abilities: profileAbilitiesSchema,
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** One review on a public profile (`GET /api/users/{id}/reviews`, newest first, paginated). */
export const receivedReviewSchema = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  text: z.string(),
  createdAt: isoDateTime,
  reviewer: z.object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
  }),
});
export type ReceivedReview = z.infer<typeof receivedReviewSchema>;

/** Settings → Blocked users (`GET /api/user/blocks`). */
export const blockedUserSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  blockedAt: isoDateTime,
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

/** `PUT|DELETE /api/user/blocks/{id}`: whether the user is blocked now. */
export const blockStateSchema = z.object({ userId: z.uuid(), blocked: z.boolean() });

/** Reviews per page on a public profile. */
export const REVIEWS_PAGE_SIZE = 10;
