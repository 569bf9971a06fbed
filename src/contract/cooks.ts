/**
 * Registered cooks (issue 13 point 4): the application a user sends from `/become-a-cook`, how an
 * admin sees and decides it, and the rule that only registered cooks sell meals.
 */
import { z } from "zod";
import { isoDateTime } from "./common";

/** The paid-meal refusal, word for word (issue 13). */
export const ONLY_COOKS_SELL = "Only registered cooks can sell meals. Apply to become one.";

/** Largest application document, in bytes (issue 13: "PDF, JPEG or PNG up to 10 MB"). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The document types accepted, recognised by their first bytes, not by name or header. */
export const DOCUMENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Days before the certificate's expiry that the cook is reminded. */
export const CERTIFICATE_REMINDER_DAYS = 30;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A calendar date, YYYY-MM-DD, that exists. */
const calendarDate = z
  .string({ error: "Enter the certificate's expiry date" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the certificate's expiry date")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return (
      !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getUTCFullYear() <= 9999
    );
  }, "Enter a valid date");

/** Today as YYYY-MM-DD in UTC. */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

/** `POST /api/cook-applications` body. */
export const cookApplicationInputSchema = z.object({
  kitchenName: text("Kitchen or business name", 120),
  registrationNumber: text("Registration number", 60),
  registrationAuthority: text("Registration authority", 120),
  certificateLevel: text("Certificate level", 60),
  certificateIssuer: text("Certificate issuer", 120),
  certificateExpiresOn: calendarDate.refine(
    (value) => value > todayIso(),
    "The certificate must not have expired",
  ),
  /** The upload URL the document was PUT to (`POST /api/objects/upload` with purpose "document"). */
  documentURL: z.string({ error: "Upload the document first" }).min(1, "Upload the document first").max(2000),
  declaration: z.literal(true, { error: "Confirm the declaration to apply" }),
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
    .string({ error: "Give a reason" })
    .trim()
    .min(1, "Give a reason")
    .max(500, "The reason must be at most 500 characters"),
});

/** `GET /api/admin/cook-applications` query. */
export const cookApplicationListQuerySchema = z.object({
  status: cookApplicationStatusSchema.default("pending"),
});
