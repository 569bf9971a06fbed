/**
 * Calendar (docs/features/notifications.md point 6): an accepted request's pickup as an iCalendar event
 * (the `ics` library), and a private per-user feed of accepted pickups at `/api/calendar/{token}.ics`
 * that the user can turn on, reset and turn off in Settings. Only the token's SHA-256 is stored.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { createEvents, type EventAttributes } from "ics";
import { type Message, type MessageParams, msg } from "../../../contract/messages";
import type { MealRequest } from "../../../contract/requests";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { getRequest, listAcceptedPickups } from "../requests";
import { setCalendarTokenHash } from "../users";

/** How far back the feed keeps pickups, so a calendar keeps last week's but the feed stays small. */
const FEED_PAST_DAYS = 30;
/** At most this many pickups in a feed. */
const FEED_MAX = 200;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Says a `msg()` message in the reader's language (i18n.ts `translate`, bound;
 * docs/features/languages-currency-impact.md).
 */
export type Say = (message: Message, params?: MessageParams) => string;

/**
 * One line of text for an iCalendar property: a control character (a lone CR above all, which
 * some calendar programs read as a line break, taking what follows as properties of their own)
 * becomes a space. The API refuses them; rows stored before it did may still hold one.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, " ");

/** The event of one pickup, as `viewerId` sees it (the other party named), in the reader's words. */
function pickupEvent(request: MealRequest, viewerId: string, publicUrl: string, say: Say): EventAttributes {
  const other = request.eater.id === viewerId ? request.owner : request.eater;
  const name = oneLine(`${other.firstName} ${other.lastName}`).trim() || say(msg("A neighbour"));
  const url = `${publicUrl}/request/${request.id}`;
  return {
    uid: `request-${request.id}@mealshare`,
    title: say(msg("Pickup: {{title}}"), { title: oneLine(request.meal.title) }),
    description:
      request.eater.id === viewerId
        ? say(msg("Meal pickup from {{name}}. Thread: {{url}}"), { name, url })
        : say(msg("Meal pickup for {{name}}. Thread: {{url}}"), { name, url }),
    location: oneLine(request.meal.pickupLocation),
    url: `${publicUrl}/request/${request.id}`,
    start: new Date(request.meal.pickupWindowStart).getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: new Date(request.meal.pickupWindowEnd).getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    status: "CONFIRMED",
    productId: "mealshare/calendar",
  };
}

/** iCalendar text of the events; `ics` reports bad input as an error value, not a throw. */
function toIcs(events: EventAttributes[], name: string): string {
  const { error, value } = createEvents(events, { calName: name, productId: "mealshare/calendar" });
  if (error || !value) throw error ?? new Error("calendar could not be built");
  return value;
}

/**
 * One accepted request's pickup as an `.ics` file, for its two participants.
 * @throws AppError 404 not a participant or unknown; 409 not accepted (nothing agreed to put in a calendar)
 */
export async function requestCalendar(
  db: Executor,
  viewerId: string,
  id: string,
  publicUrl: string,
  say: Say,
): Promise<string> {
  const request = await getRequest(db, viewerId, id);
  if (request.status !== "accepted")
    throw conflict(msg("Only an accepted request has a pickup to add."), "not_accepted");
  return toIcs([pickupEvent(request, viewerId, publicUrl, say)], say(msg("MealShare pickup")));
}

/**
 * Turns the private feed on, or resets its link: a new token, the old one stops working.
 * @returns the feed's path with the token, shown once (only its hash is kept)
 */
export async function resetCalendarFeed(db: Executor, userId: string): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await setCalendarTokenHash(db, userId, hashToken(token));
  return `/api/calendar/${token}.ics`;
}

/** Turns the feed off: its link stops working. */
export async function disableCalendarFeed(db: Executor, userId: string): Promise<void> {
  await setCalendarTokenHash(db, userId, null);
}

/** Whether the user's feed is on. */
export async function hasCalendarFeed(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: sql<boolean>`${users.calendarTokenHash} is not null` })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.on);
}

/**
 * The private feed: the token's owner's accepted pickups, from 30 days ago on, in the owner's
 * saved language (a calendar app asks without one).
 * @param sayIn the words of a language
 * @throws AppError 404 unknown or revoked token
 */
export async function calendarFeed(
  db: Executor,
  token: string,
  publicUrl: string,
  sayIn: (language: string | null) => Say,
): Promise<string> {
  const [owner] = await db
    .select({ id: users.id, suspendedAt: users.suspendedAt, locale: users.locale })
    .from(users)
    .where(eq(users.calendarTokenHash, hashToken(token)))
    .limit(1);
  if (!owner || owner.suspendedAt) throw notFound(msg("Calendar not found"));
  const pickups = await listAcceptedPickups(db, owner.id, {
    since: new Date(Date.now() - FEED_PAST_DAYS * 86_400_000),
    limit: FEED_MAX,
  });
  const say = sayIn(owner.locale);
  return toIcs(
    pickups.map((request) => pickupEvent(request, owner.id, publicUrl, say)),
    say(msg("MealShare pickups")),
  );
}
