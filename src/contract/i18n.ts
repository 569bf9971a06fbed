/**
 * The languages and money of a deployment (docs/features/languages-currency-impact.md points 1-2;
 * docs/DESIGN.md §6b): the API's schemas, and the plain constants of `languages.ts`. Catalogues live in
 * `src/locales/{language}/{namespace}.json`; English is the source and every key is its English text
 * (docs/decisions/008).
 */
import { z } from "zod";
import { LANGUAGES } from "./languages";
import { msg } from "./messages";

export * from "./languages";

export const languageSchema = z.enum(LANGUAGES, {
  error: msg("Choose one of the languages MealShare speaks"),
});

/** The newcomer limits a deployment publishes (`/api/deployment`; docs/decisions/020 "Limits"). */
export const newcomerLimitsSchema = z.object({
  /** Open requests (pending, accepted or offered) at a time. */
  openRequests: z.number().int().min(1),
  /** Links in one text. */
  linksPerText: z.number().int().min(0),
  /** Draws entered and not yet drawn, at a time. */
  drawEntries: z.number().int().min(1),
  /** Requests a day to cooks they have never asked before. */
  newContactsPerDay: z.number().int().min(1),
});

/** `GET /api/deployment`: what the client formats money with, and the language it falls back to. */
export const deploymentSchema = z.object({
  /** ISO 4217 code, e.g. "USD", "EUR", "GBP". */
  currency: z.string().length(3),
  /** The language for visitors whose browser asks for none we ship. */
  defaultLanguage: languageSchema,
  languages: z.array(languageSchema),
  /**
   * The maps (docs/features/neighbourhood.md point 5): the XYZ tile URL template, the attribution its
   * provider requires (HTML), and where a map with nothing to show opens.
   */
  map: z.object({
    tileUrl: z.string(),
    attribution: z.string(),
    center: z.object({ latitude: z.number(), longitude: z.number(), zoom: z.number().int() }),
  }),
  /** Whether place search is set up (`GEOCODER_URL`); without it, pins and device positions remain. */
  placeSearch: z.boolean(),
  /**
   * What the Privacy page says of this deployment (docs/decisions/017): how long read notifications
   * are kept (`RETENTION_DAYS`), how long a deleted account waits (`ACCOUNT_DELETION_DAYS`), and whom
   * to write to (`SUPPORT_EMAIL`, or null).
   */
  privacy: z.object({
    retentionDays: z.number().int(),
    accountDeletionDays: z.number().int(),
    supportEmail: z.string().nullable(),
  }),
  /** The newcomer limits the help page publishes (`NEWCOMER_*`; docs/decisions/020 "Limits"). */
  newcomerLimits: newcomerLimitsSchema,
  /**
   * Card payments (docs/decisions/022), absent without payment settings: Stripe's publishable key and
   * where Stripe.js is loaded from.
   */
  cardPayments: z.object({ publishableKey: z.string(), jsUrl: z.string() }).optional(),
});
export type Deployment = z.infer<typeof deploymentSchema>;

/** `PUT /api/user/locale`: the language a member chose, for the app and their emails. */
export const updateLocaleSchema = z.object({ locale: languageSchema });
