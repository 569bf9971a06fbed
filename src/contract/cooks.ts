/**
 * Registered cooks (docs/features/food-safety.md point 4): the application a user sends from
 * `/become-a-cook`, how an admin sees and decides it, and the rule that only registered cooks sell
 * meals.
 */
import { z } from "zod";
import { isoDateTime } from "./common";
import { type Message, msg } from "./messages";

/** The paid-meal refusal, word for word (docs/features/food-safety.md). */
export const ONLY_COOKS_SELL = msg("Only registered cooks can sell meals. Apply to become one.");

/** Largest application document, in bytes (docs/features/food-safety.md: "PDF, JPEG or PNG up to 10 MB"). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The document types accepted, recognised by their first bytes, not by name or header. */
export const DOCUMENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Days before the certificate's expiry that the cook is reminded. */
export const CERTIFICATE_REMINDER_DAYS = 30;

const text = (required: Message, tooLong: Message, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** A calendar date, YYYY-MM-DD, that exists. */
const calendarDate = z
  .string({ error: msg("Enter the certificate's expiry date") })
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg("Enter the certificate's expiry date"))
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return (
      !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getUTCFullYear() <= 9999
    );
  }, msg("Enter a valid date"));

/** Today as YYYY-MM-DD in UTC. */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * Whether a cook's registration is due for renewal (docs/features/food-safety.md point 4): their
 * certificate expires within CERTIFICATE_REMINDER_DAYS of `today` (or has expired). The certificate
 * job reminds cooks by the same window in SQL; the profile offers "Renew" only then.
 * @param expiresOn the certificate's expiry, YYYY-MM-DD, or null for a member with none
 * @param today YYYY-MM-DD (UTC)
 */
export function isRenewalDue(expiresOn: string | null, today: string): boolean {
  if (!expiresOn) return false;
  const due = new Date(`${expiresOn}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() - CERTIFICATE_REMINDER_DAYS);
  return today >= due.toISOString().slice(0, 10);
}

/** `POST /api/cook-applications` body. */
export const cookApplicationInputSchema = z.object({
  kitchenName: text(
    msg("Kitchen or business name is required"),
    msg("Kitchen or business name must be at most {{max}} characters", { max: 120 }),
    120,
  ),
  registrationNumber: text(
    msg("Registration number is required"),
    msg("Registration number must be at most {{max}} characters", { max: 60 }),
    60,
  ),
  registrationAuthority: text(
    msg("Registration authority is required"),
    msg("Registration authority must be at most {{max}} characters", { max: 120 }),
    120,
  ),
  certificateLevel: text(
    msg("Certificate level is required"),
    msg("Certificate level must be at most {{max}} characters", { max: 60 }),
    60,
  ),
  certificateIssuer: text(
    msg("Certificate issuer is required"),
    msg("Certificate issuer must be at most {{max}} characters", { max: 120 }),
    120,
  ),
  certificateExpiresOn: calendarDate.refine(
    (value) => value > todayIso(),
    msg("The certificate must not have expired"),
  ),
  /** The upload URL the document was PUT to (`POST /api/objects/upload` with purpose "document"). */
  documentURL: z
    .string({ error: msg("Upload the document first") })
    .min(1, msg("Upload the document first"))
    .max(2000),
  declaration: z.literal(true, { error: msg("Confirm the declaration to apply") }),
});
export type CookApplicationInput = z.input<typeof cookApplicationInputSchema>;

export const cookApplicationStatusSchema = z.enum(["pending", "approved", "rejected"]);
export type CookApplicationStatus = z.infer<typeof cookApplicationStatusSchema>;

/** An application as its applicant and admins see it. */
export const cookApplicationSchema = z.object({
  id: z.uuid(),
  status: cookApplicationStatusSchema,
  kitchenName: z.string(),
  registrationNumber: z.string(),
  registrationAuthority: z.string(),
  certificateLevel: z.string(),
  certificateIssuer: z.string(),
  certificateExpiresOn: z.string(),
  documentType: z.string(),
  /** Where the applicant or an admin opens the document. */
  documentUrl: z.string(),
  rejectionReason: z.string().nullable(),
  createdAt: isoDateTime,
  reviewedAt: isoDateTime.nullable(),
  applicant: z.object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().optional(),
  }),
});
export type CookApplication = z.infer<typeof cookApplicationSchema>;

/** `PUT /api/admin/cook-applications/{id}/reject` body: the reason is required and sent to the applicant. */
export const rejectApplicationSchema = z.object({
  reason: z
    .string({ error: msg("Give a reason") })
    .trim()
    .min(1, msg("Give a reason"))
    .max(500, msg("The reason must be at most 500 characters")),
});

/** `GET /api/admin/cook-applications` query. */
export const cookApplicationListQuerySchema = z.object({
  status: cookApplicationStatusSchema.default("pending"),
});
