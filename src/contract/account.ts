/**
 * The signed-in member's account (docs/decisions/016): passkeys, the devices signed in, and a new
 * email address confirmed by a code. What WebAuthn passes between browser and server is the W3C's
 * JSON forms (`PublicKeyCredentialCreationOptionsJSON` and friends), carried as they are.
 */
import { z } from "zod";
import { isoDateTime } from "./common";
import { msg } from "./messages";

/** How members sign in here (`SIGN_IN`): which account settings the client offers. */
export const signInModeSchema = z.enum(["email", "oidc", "dev"]);
export type SignInMode = z.infer<typeof signInModeSchema>;

/** One of a member's passkeys, as Settings lists it. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: isoDateTime,
  /** Null until it has signed someone in. */
  lastUsedAt: isoDateTime.nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** A WebAuthn ceremony's options for the browser, and the id of the challenge to answer. */
export const webauthnOptionsSchema = z.object({
  challengeId: z.uuid(),
  options: z.record(z.string(), z.unknown()),
});

/** The browser's answer to a ceremony (`PublicKeyCredential.toJSON()`), checked by the server's library. */
const credentialSchema = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal("public-key"),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/**
 * `POST /api/auth/passkeys`: a new passkey's answer and its name — optional: without one it is named
 * after the device that added it ("Chrome on Android"; docs/features/everyday-journey.md).
 */
export const addPasskeySchema = z.object({
  challengeId: z.uuid(),
  name: z
    .string()
    .trim()
    .max(60, msg("A passkey's name must be at most 60 characters"))
    .regex(/^[^\p{Cc}]*$/u, msg("A passkey's name must be at most 60 characters"))
    .default(""),
  response: credentialSchema,
});

/** `POST /api/login/passkey`: the signed answer to a sign-in challenge. */
export const passkeySignInSchema = z.object({
  challengeId: z.uuid(),
  response: credentialSchema,
  returnTo: z.string().max(500).optional(),
});

/** Where the browser goes after signing in with a passkey. */
export const signedInSchema = z.object({ redirect: z.string() });

/** A signed-in device (a session) as Settings lists it: no address, the browser by name. */
export const deviceSessionSchema = z.object({
  id: z.uuid(),
  /** "Firefox on Android", or "" when its browser said nothing we know. */
  device: z.string(),
  /** The network it signed in from, coarse ("203.0.113.x"), or "" when unknown. */
  network: z.string(),
  createdAt: isoDateTime,
  /** When it was last used, to the hour. */
  lastSeenAt: isoDateTime,
  /** The session asking. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

/**
 * `POST /api/auth/email`: the new address to send a confirmation code to, and a fresh proof that the
 * member holds the account (docs/decisions/020 "Email change"): the code `POST /api/auth/email/proof`
 * sent to their current address, or a passkey.
 */
export const changeEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email(msg("Enter a valid email address.")).max(320, msg("Enter a valid email address."))),
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, msg("Type the six digits of the code.")))
    .optional(),
  passkey: z.object({ challengeId: z.uuid(), response: credentialSchema }).optional(),
});

/** `POST /api/auth/email/confirm`: the code the new address received. */
export const confirmEmailSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, msg("Type the six digits of the code."))),
});

/**
 * `POST /api/account/deletion`: the confirmation of "Delete my account" (docs/decisions/017): a fresh
 * emailed code or a passkey where MealShare signs people in; with a provider, a session signed in
 * within the last minutes (neither field).
 */
export const confirmDeletionSchema = z.object({
  code: confirmEmailSchema.shape.code.optional(),
  passkey: z.object({ challengeId: z.uuid(), response: passkeySignInSchema.shape.response }).optional(),
});

/** When an account set to be deleted will be erased. */
export const deletionScheduledSchema = z.object({ eraseAfter: isoDateTime });

/** `POST /api/admin/users/{id}/delete`: an admin deletes an account, for a reason. */
export const adminDeletionSchema = z.object({
  reason: z
    .string({ error: msg("A reason is required") })
    .trim()
    .min(1, msg("A reason is required"))
    .max(500, msg("Reason must be at most 500 characters")),
});

/** A data export as Settings → Your data lists it (docs/decisions/017). */
export const dataExportSchema = z.object({
  id: z.uuid(),
  createdAt: isoDateTime,
  /** Null while the ZIP is being made. */
  readyAt: isoDateTime.nullable(),
  /** When its link stops working (7 days after it was ready). */
  expiresAt: isoDateTime.nullable(),
  /** The ZIP's size in bytes, once ready. */
  sizeBytes: z.number().int().nullable(),
  /** Where to download it, while it is ready and not expired; only its member may. */
  url: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export type DeletionScheduled = z.infer<typeof deletionScheduledSchema>;
