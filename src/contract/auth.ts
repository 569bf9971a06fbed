/** The signed-in user as `GET /api/auth/user` returns it (spec §3 User, §7). */
import { z } from "zod";
import { isoDateTime } from "./common";

export const userRoleSchema = z.enum(["eater", "feeder"]);
export type UserRole = z.infer<typeof userRoleSchema>;

export const currentUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
  role: userRoleSchema,
  isCook: z.boolean(),
  dietaryPrefs: z.string().nullable(),
  newsletterOptIn: z.boolean(),
  createdAt: isoDateTime,
  /** DESIGN.md §4 "Admin": email matches ADMIN_EMAIL. */
  isAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
