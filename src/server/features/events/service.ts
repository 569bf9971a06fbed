/** Community events (spec §2 "Community Events"): listed to members, created and deleted by admins. */
import { asc, desc, eq, gt, lte, sql } from "drizzle-orm";
import type { CommunityEvent } from "../../../contract/events";
import { msg } from "../../../contract/messages";
import type { Executor } from "../../db/client";
import { events, type UserRow } from "../../db/schema";
import { notFound } from "../../errors";

type EventRow = typeof events.$inferSelect;
/** How many upcoming and past events the list carries. */
const UPCOMING_SHOWN = 100;
const PAST_SHOWN = 50;

function presentEvent(row: EventRow): CommunityEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    location: row.location,
    rsvpUrl: row.rsvpUrl,
  };
}

/** Upcoming events soonest first, then past ones latest first (spec §2). */
export async function listEvents(db: Executor): Promise<CommunityEvent[]> {
  const [upcoming, past] = await Promise.all([
    db
      .select()
      .from(events)
      .where(gt(events.startsAt, sql`now()`))
      .orderBy(asc(events.startsAt))
      .limit(UPCOMING_SHOWN),
    db
      .select()
      .from(events)
      .where(lte(events.startsAt, sql`now()`))
      .orderBy(desc(events.startsAt))
      .limit(PAST_SHOWN),
  ]);
  return [...upcoming, ...past].map(presentEvent);
}

/** Adds an event (admins; docs/DESIGN.md §4 "Admin"). */
export async function createEvent(
  db: Executor,
  admin: UserRow,
  input: {
    title: string;
    description: string;
    startsAt: string;
    location: string | null;
    rsvpUrl: string | null;
  },
): Promise<CommunityEvent> {
  const [row] = await db
    .insert(events)
    .values({ ...input, startsAt: new Date(input.startsAt), createdById: admin.id })
    .returning();
  return presentEvent(row);
}

/**
 * Deletes an event (admins).
 * @throws AppError 404 for an unknown id
 */
export async function deleteEvent(db: Executor, id: string): Promise<void> {
  const deleted = await db.delete(events).where(eq(events.id, id)).returning({ id: events.id });
  if (deleted.length === 0) throw notFound(msg("Event not found"));
}
