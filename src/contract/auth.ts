/** The signed-in user as `GET /api/auth/user` returns it (spec §3 User, §7). */
import { z } from "zod";
import { signInModeSchema } from "./account";
import { isoDateTime } from "./common";
import { allergenCodeSchema, allergenCodesSchema, dietTagsSchema, otherAllergensSchema } from "./food-safety";
import { languageSchema } from "./i18n";
import { msg } from "./messages";
import { PHOTO_PATH } from "./photos";
import { homeAreaSchema } from "./places";

export const userRoleSchema = z.enum(["eater", "feeder"]);
export type UserRole = z.infer<typeof userRoleSchema>;

export const currentUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** How others read the name (`updateProfileSchema`). */
  nameShown: z.enum(["short", "full"]),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
  /** The bio waits for a moderator's check (docs/decisions/020): others read none until then. */
  bioHeld: z.boolean(),
  role: userRoleSchema,
  /** Registered to sell (docs/features/food-safety.md; spec §3 names it `isCook`). */
  isCook: z.boolean(),
  /**
   * A registered cook whose certificate expires within the reminder window
   * (docs/features/food-safety.md point 4): only then does the profile offer renewal.
   */
  cookRenewalDue: z.boolean(),
  dietaryPrefs: z.string().nullable(),
  /**
   * Settings → My allergies and My diet (docs/features/food-safety.md): private, never on the public
   * profile.
   */
  allergyCodes: z.array(allergenCodeSchema),
  allergiesOther: z.string(),
  dietTags: z.array(z.string()),
  newsletterOptIn: z.boolean(),
  /**
   * When MealShare stopped emailing the address after repeated permanent failures
   * (docs/features/notifications.md "Mail that reaches the inbox"); null while it mails it.
   */
  mailStoppedAt: isoDateTime.nullable(),
  /**
   * The language the member chose (docs/features/languages-currency-impact.md), or null while they have
   * not.
   */
  locale: languageSchema.nullable(),
  /**
   * The member's home area (docs/features/neighbourhood.md point 1), or null while they have none;
   * only ever sent to its owner.
   */
  homeArea: homeAreaSchema.nullable(),
  createdAt: isoDateTime,
  /** docs/DESIGN.md §4 "Admin": email matches ADMIN_EMAIL. */
  isAdmin: z.boolean(),
  /**
   * How this deployment signs members in (docs/decisions/016): with `email`, Settings offers passkeys
   * and a change of email; with a provider, the provider keeps both.
   */
  signIn: signInModeSchema,
  /**
   * When the account will be erased, while it waits to be (docs/decisions/017): the app then offers
   * "Keep my account". Null otherwise.
   */
  deletionScheduledFor: isoDateTime.nullable(),
  /** The deployment's grace period before an account is erased (`ACCOUNT_DELETION_DAYS`; 0: at once). */
  deletionGraceDays: z.number().int(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** `PUT /api/user/role` body (spec §4 "Role toggle"). */
export const updateRoleSchema = z.object({ role: userRoleSchema });

/** `PUT /api/user/profile` body: the Settings tab, and the profile photo. */
export const updateProfileSchema = z
  .object({
    firstName: z
      .string()
      .trim()
      .min(1, msg("First name is required"))
      .max(80, msg("First name must be at most 80 characters")),
    lastName: z.string().trim().max(80, msg("Last name must be at most 80 characters")),
    /**
     * How others read the name (docs/features/everyday-journey.md): "short" is "Tom B.",
     * "full" is "Tom Becker"; the other side of an accepted request reads it whole either way.
     */
    nameShown: z.enum(["short", "full"], { error: msg("nameShown must be short or full") }),
    bio: z
      .string()
      .trim()
      .max(1000, msg("Bio must be at most 1000 characters"))
      .nullable()
      .transform((value) => value || null),
    dietaryPrefs: z
      .string()
      .trim()
      .max(500, msg("Dietary preferences must be at most 500 characters"))
      .nullable()
      .transform((value) => value || null),
    profileImageUrl: z.string().regex(PHOTO_PATH, msg("Upload the photo first")).nullable(),
    allergyCodes: allergenCodesSchema,
    allergiesOther: otherAllergensSchema,
    dietTags: dietTagsSchema,
  })
  .partial();
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
