/** Report shapes (spec §3 Report, §5 "Report reason"; docs/DESIGN.md §4 "Reports"). */
import { z } from "zod";
import { isoDateTime } from "./common";
import { msg } from "./messages";

/** Longest report reason, in characters after trimming. */
export const REPORT_REASON_MAX = 1000;

/**
 * What a report is about: a meal, a member, a text of a thread (`message`: a message's id, or a
 * request's id for its first words; docs/decisions/020), or anything else.
 */
export const reportTargetTypeSchema = z.enum(["meal", "user", "message", "other"], {
  error: msg("targetType must be meal, user, message or other"),
});
export type ReportTargetType = z.infer<typeof reportTargetTypeSchema>;

/** `POST /api/reports` body. */
export const createReportSchema = z.object({
  targetType: reportTargetTypeSchema,
  targetId: z
    .string({ error: msg("targetId is required") })
    .trim()
    .min(1, msg("targetId is required"))
    .max(200, msg("targetId must be at most 200 characters")),
  reason: z
    .string({ error: msg("Please describe the reason for reporting") })
    .trim()
    .min(1, msg("Please describe the reason for reporting"))
    .max(REPORT_REASON_MAX, msg("Reason must be at most {{max}} characters", { max: REPORT_REASON_MAX })),
  /**
   * A member reported from within a group both belong to: the group whose moderators read it
   * (docs/features/groups.md point 5); a group the two do not both belong to is ignored. A meal's
   * report always goes to the group it is shared with; without a group, only site admins read it.
   */
  groupId: z.uuid({ error: msg("groupId must be a group's id") }).optional(),
});
export type CreateReportInput = z.input<typeof createReportSchema>;

export const reportSchema = z.object({
  id: z.uuid(),
  targetType: reportTargetTypeSchema,
  targetId: z.string(),
  reason: z.string(),
  createdAt: isoDateTime,
  resolved: z.boolean(),
  resolvedAt: isoDateTime.nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/** `GET /api/admin/stats`: the dashboard's counts (spec §2 "Admin dashboard"). */
export const adminStatsSchema = z.object({
  openReports: z.number().int(),
  totalReports: z.number().int(),
  resolvedReports: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** How many resolved reports the dashboard lists (spec §9). */
export const RESOLVED_REPORTS_SHOWN = 10;

/**
 * `PUT /api/admin/users/{id}/suspend` body (docs/features/food-safety.md): why, shown to other admins
 * and kept.
 */
export const suspendUserSchema = z.object({
  reason: z
    .string({ error: msg("A reason is required") })
    .trim()
    .min(1, msg("A reason is required"))
    .max(500, msg("Reason must be at most 500 characters")),
});

/** The state of an account after suspending or unsuspending it. */
export const suspensionSchema = z.object({
  userId: z.uuid(),
  suspended: z.boolean(),
  reason: z.string().nullable(),
  /** Meals hidden by the suspension, or shown again by lifting it. */
  meals: z.number().int(),
});
export type Suspension = z.infer<typeof suspensionSchema>;
