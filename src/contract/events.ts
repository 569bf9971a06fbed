/** Community event shapes (spec §3 Event, §2 "Community Events"). */
import { z } from "zod";
import { inputDateTime, isoDateTime } from "./common";
import { type Message, msg } from "./messages";

export const eventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  startsAt: isoDateTime,
  location: z.string().nullable(),
  rsvpUrl: z.string().nullable(),
});
export type CommunityEvent = z.infer<typeof eventSchema>;

const optionalText = (max: number, tooLong: Message) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .nullable()
    .transform((value) => value || null);

/** `POST /api/admin/events` body. The RSVP link must be http(s), so it can never run script. */
export const createEventSchema = z.object({
  title: z
    .string({ error: msg("Title is required") })
    .trim()
    .min(1, msg("Title is required"))
    .max(120, msg("Title must be at most 120 characters")),
  description: z
    .string({ error: msg("Description is required") })
    .trim()
    .min(1, msg("Description is required"))
    .max(2000, msg("Description must be at most 2000 characters")),
  startsAt: inputDateTime(msg("Start time is required")),
  location: optionalText(300, msg("Location must be at most {{max}} characters", { max: 300 })),
  rsvpUrl: z
    .union([
      z.literal(""),
      z.url({ protocol: /^https?$/, error: msg("RSVP link must be an http(s) URL") }).max(2000),
    ])
    .optional()
    .nullable()
    .transform((value) => value || null),
});
export type CreateEventInput = z.input<typeof createEventSchema>;

/** Upcoming: starts later than now (spec §2). */
export const isUpcoming = (event: Pick<CommunityEvent, "startsAt">, now = new Date()) =>
  new Date(event.startsAt).getTime() > now.getTime();
