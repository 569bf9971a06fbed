/** Request (exchange) shapes and rules (spec §3 Request, Message; docs/DESIGN.md §4 "Requests"). */
import { z } from "zod";
import { isoDateTime, pageQuerySchema, publicUserSchema } from "./common";
import { mealKindSchema } from "./meals";
import { msg } from "./messages";

/** Longest request or thread message, in characters after trimming (docs/DESIGN.md §4). */
export const MESSAGE_MAX = 2000;

export const requestStatusSchema = z.enum(["pending", "accepted", "declined", "completed", "cancelled"]);
export type RequestStatus = z.infer<typeof requestStatusSchema>;

/**
 * Statuses in which a thread still takes messages (docs/DESIGN.md §4 "Requests": refused once the
 * request is declined or cancelled). One rule for the server's check and the thread's message box.
 */
export const isThreadOpen = (status: RequestStatus) => status !== "declined" && status !== "cancelled";

/** Labels shown on status badges (spec §4 "Request status"). */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: msg("Pending"),
  accepted: msg("Accepted"),
  declined: msg("Declined"),
  completed: msg("Completed"),
  cancelled: msg("Cancelled"),
};

/** `POST /api/requests` body. An empty message is stored as none. */
export const createRequestSchema = z.object({
  mealId: z.uuid({ error: msg("Choose a meal to request") }),
  message: z
    .string()
    .trim()
    .max(MESSAGE_MAX, msg("Message must be at most {{max}} characters", { max: MESSAGE_MAX }))
    .optional()
    .nullable()
    .transform((value) => value || null),
});
export type CreateRequestInput = z.input<typeof createRequestSchema>;

/** `GET /api/requests` query. */
export const requestListQuerySchema = pageQuerySchema.extend({
  type: z.enum(["incoming", "outgoing"], { error: msg("type must be incoming or outgoing") }),
});

export const messageSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  createdAt: isoDateTime,
  sender: publicUserSchema,
});
export type Message = z.infer<typeof messageSchema>;

/** The part of the meal a request carries (spec §3 Request). */
export const requestMealSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  kind: mealKindSchema,
  priceCents: z.number().int().nullable(),
  photoPath: z.string().nullable(),
  pickupWindowStart: isoDateTime,
  pickupWindowEnd: isoDateTime,
  pickupLocation: z.string(),
});

export const requestSchema = z.object({
  id: z.uuid(),
  status: requestStatusSchema,
  message: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  meal: requestMealSchema,
  eater: publicUserSchema,
  owner: publicUserSchema,
  /** The statuses this viewer may move the request to now (docs/DESIGN.md §4 transition table). */
  allowedTransitions: z.array(requestStatusSchema),
});
export type MealRequest = z.infer<typeof requestSchema>;

/**
 * Messages a thread page holds: the thread opens on the newest ones (docs/features/operations.md finding
 * 9).
 */
export const MESSAGE_PAGE_SIZE = 50;

/**
 * `GET /api/requests/{id}`: a request with the newest page of its thread, oldest first, and the
 * URL of the page before it (`GET /api/requests/{id}/messages`), or null when that was all.
 */
export const requestDetailSchema = requestSchema.extend({
  messages: z.array(messageSchema),
  olderMessages: z.string().nullable(),
});
export type MealRequestDetail = z.infer<typeof requestDetailSchema>;

/** `POST /api/requests/{id}/messages` body: 1..2000 characters after trimming (docs/DESIGN.md §4). */
export const createMessageSchema = z.object({
  body: z
    .string({ error: msg("Message is required") })
    .trim()
    .min(1, msg("Message cannot be empty"))
    .max(MESSAGE_MAX, msg("Message must be at most {{max}} characters", { max: MESSAGE_MAX })),
});
export type CreateMessageInput = z.input<typeof createMessageSchema>;

/** `PUT /api/requests/{id}/status` body. */
export const updateStatusSchema = z.object({
  status: requestStatusSchema,
});
