/** Mailing list shapes (docs/DESIGN.md §4 "Mailing list"). */
import { z } from "zod";
import { msg } from "./messages";

/** `POST /api/newsletter` body: the landing page's form. */
export const subscribeSchema = z.object({
  email: z
    .string({ error: msg("Please enter a valid email address") })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: msg("Please enter a valid email address") }).max(320)),
});

/**
 * `POST /api/newsletter`'s answer, the same for every address: `confirmByEmail` unless it is the
 * signed-in member's own, which is listed at once (double opt-in, docs/DESIGN.md §4 "Mailing list").
 */
export const subscribedSchema = z.object({ subscribed: z.literal(true), confirmByEmail: z.boolean() });

/** `PUT /api/user/newsletter` body: the profile opt-in. */
export const newsletterOptInSchema = z.object({ subscribed: z.boolean() });

/** The CSV's columns, in order. */
export const MAILING_LIST_COLUMNS = ["email", "source", "subscribed_at"] as const;
