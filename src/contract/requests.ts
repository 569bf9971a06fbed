/**
 * Request (exchange) shapes and rules (spec §3 Request, Message; docs/DESIGN.md §4 "Requests", §6d;
 * docs/features/households.md: portions, waiting-list offers, pickups both sides confirm).
 * Its words, limits and pure rules live in `./plain/requests.ts`, which this module re-exports;
 * the browser imports that one (docs/decisions/015 "Phones").
 */
import { z } from "zod";
import { abilitySchema } from "./abilities";
import { isoDateTime, pageQuerySchema, publicUserSchema } from "./common";
import { MEAL_PORTIONS_MAX, mealKindSchema, privatePickupSchema } from "./meals";
import { msg } from "./messages";
import { PAYMENT_STATUSES } from "./payments";
import {
  MESSAGE_MAX,
  NO_SHOW_REASON_MAX,
  QUICK_REPLIES,
  REQUEST_STATUSES,
  TERM_FIELDS,
} from "./plain/requests";
import { trustBadgeSchema } from "./trust";

export * from "./plain/requests";

export const requestStatusSchema = z.enum(REQUEST_STATUSES);

/** Portions one request may ask for, at most (the meal's own count decides below that). */
export const portionsSchema = z
  .number({ error: msg("Portions must be a whole number") })
  .int(msg("Portions must be a whole number"))
  .min(1, msg("Ask for at least 1 portion"))
  .max(MEAL_PORTIONS_MAX, msg("At most {{max}} portions", { max: MEAL_PORTIONS_MAX }));

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
  /** How many portions (docs/features/households.md point 1); one unless said. */
  portions: portionsSchema.default(1),
  /** Card in the app or cash at pickup, where the meal offers both (docs/decisions/022); the meal's way otherwise. */
  payBy: z.enum(["cash", "card"]).optional(),
});
export type CreateRequestInput = z.input<typeof createRequestSchema>;

/** `GET /api/requests` query. */
export const requestListQuerySchema = pageQuerySchema.extend({
  type: z.enum(["incoming", "outgoing"], { error: msg("type must be incoming or outgoing") }),
});
export const quickReplySchema = z.enum(QUICK_REPLIES, { error: msg("Choose one of the quick replies") });

/** `AgreedTerms` (plain/requests.ts) as the API sends it. */
export const agreedTermsSchema = z.object({
  priceCents: z.number().int().nullable(),
  pickupWindowStart: isoDateTime,
  pickupWindowEnd: isoDateTime,
  pickupLocation: z.string(),
  allergens: z.array(z.string()),
});

export const messageSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  /** A quick reply's kind; null for a message someone typed. */
  kind: quickReplySchema.nullable(),
  /**
   * A photo sent in the thread (docs/features/handover.md point 1): its 1600 px and 400 px WebP, served
   * to the two participants only; the body is its caption (possibly empty). Null for other messages.
   */
  photo: z.object({ path: z.string(), thumbnailPath: z.string() }).nullable(),
  /**
   * A line the cook's edit of the meal wrote (docs/features/everyday-journey.md): the terms
   * before and after, and which changed; the body is then empty. Null for other messages.
   */
  change: z
    .object({ from: agreedTermsSchema, to: agreedTermsSchema, fields: z.array(z.enum(TERM_FIELDS)) })
    .nullable(),
  /**
   * Held for a moderator's check (docs/decisions/020): only its sender reads it, marked "Held for a
   * quick check", until it is let through. Always false for the other side.
   */
  held: z.boolean(),
  createdAt: isoDateTime,
  sender: publicUserSchema,
  /** Whether the viewer sent it, as the server reads it (each side's copy says so for them). */
  mine: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

/** Where a thread photo is served: `/api/requests/{requestId}/photos/{photoId}.webp` (or `-400.webp`). */
export function threadPhotoOf(requestId: string, photoId: string): Message["photo"] {
  const base = `/api/requests/${requestId}/photos/${photoId}`;
  return { path: `${base}.webp`, thumbnailPath: `${base}-400.webp` };
}

/** `TermsChange` (plain/requests.ts) as the API sends it. */
export const termsChangeSchema = z.object({
  from: agreedTermsSchema,
  to: agreedTermsSchema,
  fields: z.array(z.enum(TERM_FIELDS)),
  askedAt: isoDateTime,
  answer: z.enum(["kept", "gave_up"]).nullable(),
  answeredAt: isoDateTime.nullable(),
});

/** `POST /api/requests/{id}/terms` body: the eater keeps their portion on the new terms, or gives it up. */
export const answerTermsSchema = z.object({
  answer: z.enum(["kept", "gave_up"], { error: msg("answer must be kept or gave_up") }),
});

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
  /**
   * Where exactly, and the door, floor or bell: to the feeder, and to the eater once accepted (and
   * after the pickup); null otherwise (docs/features/neighbourhood.md).
   */
  privatePickup: privatePickupSchema.nullable(),
});

/** A member's pickup record (docs/features/households.md point 5): the last 12 months. */
export const reliabilitySchema = z.object({
  /** As eater: pickups due (completed, no-shows, late cancellations) and those picked up. */
  pickupsDue: z.number().int(),
  pickedUp: z.number().int(),
  /** As cook: handovers due and those handed over. */
  handoversDue: z.number().int(),
  handedOver: z.number().int(),
});
export type Reliability = z.infer<typeof reliabilitySchema>;

/**
 * The pickup of an agreed request (docs/features/households.md point 4): whether each side said it
 * happened, the eater's code (to the eater only), and whether wrong codes have locked it.
 */
export const pickupSchema = z.object({
  eaterConfirmed: z.boolean(),
  feederConfirmed: z.boolean(),
  /** Four digits the eater shows at pickup; null for the cook, and before acceptance. */
  code: z.string().nullable(),
  /** Until then the cook cannot try another code (five wrong tries). */
  codeLockedUntil: isoDateTime.nullable(),
});

/** `GET /api/threads` query: a page of the member's threads. */
export const threadListQuerySchema = pageQuerySchema;

/**
 * One thread in the Messages view (docs/features/everyday-journey.md): the other person,
 * the meal, the last thing said (a quick reply by its kind, a photo as such) and the thread's unread
 * notifications. `last` is the request's own message when nothing was said after it, null when it had none.
 */
export const threadSummarySchema = z.object({
  id: z.uuid(),
  status: requestStatusSchema,
  viewerSide: z.enum(["eater", "feeder"]),
  meal: z.object({ id: z.uuid(), title: z.string(), photoPath: z.string().nullable() }),
  other: publicUserSchema,
  lastActivityAt: isoDateTime,
  last: z
    .object({
      text: z.string(),
      kind: quickReplySchema.nullable(),
      photo: z.boolean(),
      /** A line the cook's edit of the meal wrote (its terms old → new), shown as such. */
      change: z.boolean(),
      mine: z.boolean(),
      createdAt: isoDateTime,
    })
    .nullable(),
  unread: z.number().int(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

/**
 * What the viewer may do with a request, each allowed or refused as the endpoint would refuse it: the
 * moves (`REQUEST_MOVES`), entering the eater's pickup code (the cook of an accepted request), opening
 * the card form (the eater, while the money is due) and refunding the sale (the cook, once paid;
 * docs/decisions/022).
 */
export const requestAbilitiesSchema = z.object({
  accept: abilitySchema,
  decline: abilitySchema,
  complete: abilitySchema,
  cancel: abilitySchema,
  reportNoShow: abilitySchema,
  dispute: abilitySchema,
  enterCode: abilitySchema,
  pay: abilitySchema,
  refund: abilitySchema,
});
export type RequestAbilities = z.infer<typeof requestAbilitiesSchema>;

export const requestSchema = z.object({
  id: z.uuid(),
  status: requestStatusSchema,
  /** The eater's first words; null for the cook while they are held (`messageHeld`). */
  message: z.string().nullable(),
  /** The first words wait for a moderator's check (docs/decisions/020): the eater is told so. */
  messageHeld: z.boolean(),
  /** Portions this request holds, and what the eater asked for (the cook may accept fewer). */
  portions: z.number().int(),
  portionsRequested: z.number().int(),
  /** A waiting-list offer (`held`) is kept until then. */
  holdUntil: isoDateTime.nullable(),
  pickup: pickupSchema,
  /** A cancellation within 2 hours of the pickup's start, or later. */
  lateCancel: z.boolean(),
  /**
   * When the eater or cook first said "Running 10 minutes late" after the window had started
   * (docs/features/handover.md point 2): shown to the two of them, never public.
   */
  runningLateAt: isoDateTime.nullable(),
  /** Who did not turn up, on a no-show, and the reason given (the two participants only see it). */
  noShowParty: z.enum(["eater", "feeder", "both"]).nullable(),
  noShowReason: z.string().nullable(),
  /** What the side a no-show report names says, when they dispute it (the two participants only). */
  disputeReason: z.string().nullable(),
  /** The eater's pickup record, for the cook deciding on the request; null for the eater. */
  eaterReliability: reliabilitySchema.nullable(),
  /**
   * Free meals the eater received in the last 28 days, for the cook choosing among requests
   * (docs/features/fair-shares.md point 5); null for the eater.
   */
  eaterRecentFreeMeals: z.number().int().nullable(),
  /**
   * The eater's trust badge for the cook deciding on the request (docs/decisions/020 "Badges"): "New
   * neighbour" or their count of exchanges; null for the eater.
   */
  eaterTrust: trustBadgeSchema.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  meal: requestMealSchema,
  eater: publicUserSchema,
  /** The feeder: the meal's owner (spec §3 names the field `owner`). */
  owner: publicUserSchema,
  /** What this viewer may do with it now (`requestAbilitiesSchema`). */
  abilities: requestAbilitiesSchema,
  /** Which side of the exchange the viewer is on, as the server reads it (a request has only these two). */
  viewerSide: z.enum(["eater", "feeder"]),
  /** Whether the thread offers the quick replies now (an accepted pickup; docs/features/handover.md). */
  quickReplies: z.boolean(),
  /**
   * The terms the eater agreed to at acceptance (docs/features/exchange.md "Terms agreed are kept"):
   * what holds for them, whatever the meal says now; null before acceptance.
   */
  agreedTerms: agreedTermsSchema.nullable(),
  /**
   * A change of those terms the cook made after acceptance (old → new), waiting for the eater's
   * answer (`answer` null) or answered; null when none was made.
   */
  termsChange: termsChangeSchema.nullable(),
  /**
   * A card request's payment (docs/decisions/022), to both sides; absent on a cash request. `requested`:
   * the cook has not accepted yet; then as payments go (`requires_payment` until the eater's money is held).
   */
  payment: z
    .object({
      status: z.enum(["requested", ...PAYMENT_STATUSES]),
      amountCents: z.number().int(),
      refundedCents: z.number().int(),
    })
    .optional(),
});
export type MealRequest = z.infer<typeof requestSchema>;

/**
 * `GET /api/requests/{id}`: a request with the newest page of its thread, oldest first, and the
 * URL of the page before it (`GET /api/requests/{id}/messages`), or null when that was all.
 */
export const requestDetailSchema = requestSchema.omit({ payment: true }).extend({
  messages: z.array(messageSchema),
  olderMessages: z.string().nullable(),
  /**
   * Once completed: whether the viewer may vouch for the other side (`abilities.vouch`, as trust's
   * policy decides), and whether they have (docs/decisions/020 "Vouches"); null before.
   */
  vouch: z.object({ abilities: z.object({ vouch: abilitySchema }), vouched: z.boolean() }).nullable(),
  // Optional, so last: the compiled writer writes optional fields last.
  payment: requestSchema.shape.payment,
});
export type MealRequestDetail = z.infer<typeof requestDetailSchema>;

/**
 * `POST /api/requests/{id}/messages` body: a message of 1..2000 characters after trimming
 * (docs/DESIGN.md §4), a quick reply's `kind` (docs/features/handover.md point 2), or a photo's upload
 * URL (`photoURL`, as `POST /api/objects/upload` gave it; point 1) with an optional `body` as its
 * caption.
 */
export const createMessageSchema = z
  .object({
    body: z
      .string({ error: msg("Message is required") })
      .trim()
      .min(1, msg("Message cannot be empty"))
      .max(MESSAGE_MAX, msg("Message must be at most {{max}} characters", { max: MESSAGE_MAX }))
      .optional(),
    kind: quickReplySchema.optional(),
    photoURL: z.url(msg("photoURL must be the upload URL")).max(2000).optional(),
  })
  .strict()
  .refine(
    (input) =>
      input.kind === undefined
        ? input.body !== undefined || input.photoURL !== undefined
        : input.body === undefined && input.photoURL === undefined,
    { message: msg("Message is required"), path: ["body"] },
  );
export type CreateMessageInput = z.input<typeof createMessageSchema>;

/**
 * `PUT /api/requests/{id}/status` body. Accepting may take fewer `portions` than were asked for;
 * `completed` is the sender's word that the pickup happened; `no_show` reports the other side as not
 * having turned up, with a `reason` (docs/features/households.md points 1 and 4).
 */
export const updateStatusSchema = z
  .object({
    status: requestStatusSchema,
    portions: portionsSchema.optional(),
    reason: z
      .string()
      .trim()
      .max(NO_SHOW_REASON_MAX, msg("At most {{max}} characters", { max: NO_SHOW_REASON_MAX }))
      .optional(),
  })
  .refine(
    (change) => (change.status !== "no_show" && change.status !== "disputed") || Boolean(change.reason),
    {
      message: msg("Say what happened"),
      path: ["reason"],
    },
  );

/**
 * `GET /api/requests/{id}/pass` (docs/features/handover.md point 4): the accepted eater's pickup pass —
 * the code, the meal, the window and where exactly — which the service worker keeps so it opens with no
 * connection. `issuedAt` says how fresh a kept copy is.
 */
export const pickupPassSchema = z.object({
  requestId: z.uuid(),
  code: z.string(),
  portions: z.number().int(),
  meal: z.object({
    id: z.uuid(),
    title: z.string(),
    pickupWindowStart: isoDateTime,
    pickupWindowEnd: isoDateTime,
    pickupLocation: z.string(),
    privatePickup: privatePickupSchema.nullable(),
  }),
  /** The cook, as the thread shows them. */
  cook: publicUserSchema,
  issuedAt: isoDateTime,
});
export type PickupPass = z.infer<typeof pickupPassSchema>;

/** `POST /api/requests/{id}/pickup-code`: the four digits the eater shows the cook. */
export const pickupCodeSchema = z.object({
  code: z
    .string({ error: msg("Enter the 4-digit pickup code") })
    .trim()
    .regex(/^\d{4}$/, msg("Enter the 4-digit pickup code")),
  /** The cook says the meal changed hands now, though the pickup window is hours away. */
  early: z.boolean().optional(),
});

/**
 * A disputed pickup as an admin sees it (docs/decisions/012): the meal, both people, who was reported
 * as not turning up and why, what the other says, and what each side said of the pickup.
 */
export const disputeSchema = z.object({
  id: z.uuid(),
  meal: z.object({ id: z.uuid(), title: z.string(), pickupWindowEnd: isoDateTime }),
  eater: publicUserSchema,
  feeder: publicUserSchema,
  noShowParty: z.enum(["eater", "feeder", "both"]).nullable(),
  noShowReason: z.string().nullable(),
  disputeReason: z.string().nullable(),
  eaterConfirmed: z.boolean(),
  feederConfirmed: z.boolean(),
  disputedAt: isoDateTime,
});
export type Dispute = z.infer<typeof disputeSchema>;

/** `PUT /api/admin/disputes/{id}`: how an admin settles a dispute. */
export const settleDisputeSchema = z.object({
  outcome: z.enum(["completed", "eater_no_show", "feeder_no_show"], {
    error: msg("outcome must be completed, eater_no_show or feeder_no_show"),
  }),
});
