/**
 * docs/features/notifications.md point 5: pickup reminders as durable jobs. Both parties hear 1 hour
 * before the window opens (or at acceptance when that is later); the eater hears 30 minutes before it
 * ends unless the pickup is complete; nothing for a request no longer accepted; a moved window moves
 * them; a job that runs twice notifies once. (reminder-restart.test.ts kills and restarts real
 * processes.)
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { notifications } from "../../src/server/db/schema";
import { sendPickupReminder } from "../../src/server/features/requests/reminders";
import { eventually } from "../eventually";
import { buildMeal, buildRequest, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";
import { setStatus } from "./steps";

const MINUTE = 60_000;
const at = (ms: number) => new Date(Date.now() + ms);

describe("pickup reminders", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A pending request for a meal with this pickup window, and the cook's and eater's sessions. */
  async function pendingPickup(window: { start: Date; end: Date }, title = "Lentil dal") {
    const cook = await buildSignedInUser(t.db, { firstName: "Maria", lastName: "Lopez" });
    const eater = await buildSignedInUser(t.db, { firstName: "Sam", lastName: "Okafor" });
    const meal = await buildMeal(t.db, cook.user, {
      title,
      pickupLocation: "12 Elm Street",
      pickupWindowStart: window.start,
      pickupWindowEnd: window.end,
    });
    const request = await buildRequest(t.db, meal, eater.user);
    return { cook, eater, meal, request };
  }
  const remindersOf = (userId: string) =>
    t.db
      .select({ text: notifications.text, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, "pickup_reminder")))
      .orderBy(notifications.createdAt);

  /** Waits until `userId` has `count` reminders. */
  const waitForReminders = (userId: string, count: number, timeoutMs = 15_000) =>
    eventually(() => remindersOf(userId), {
      until: (rows) => rows.length >= count,
      failure: (rows) => `expected ${count} reminders, got ${rows.length}`,
      timeoutMs,
    });

  /** Waits until the `kind` reminder jobs of `requestId` have run, however they ended. */
  async function remindersRun(requestId: string, kinds: string[], timeoutMs = 15_000) {
    await eventually(
      async () => {
        const [{ waiting }] = await queryRows<{ waiting: number }>(
          t.db,
          sql`select count(*)::int as "waiting" from pgboss.job
              where name = 'pickup-reminder' and data->>'requestId' = ${requestId}
                and data->>'kind' in ${sql.raw(`('${kinds.join("','")}')`)}
                and state not in ('completed', 'failed', 'cancelled')`,
        );
        return waiting;
      },
      {
        until: (waiting) => waiting === 0,
        failure: (waiting) => `${waiting} reminder jobs still waiting`,
        timeoutMs,
      },
    );
  }

  it("reminds both parties 1 hour before the window opens, once, with the thread's link", async () => {
    // The reminder falls due 6 s after the acceptance: not sent at it, even when CI's load slows the
    // acceptance down, and soon enough to wait for.
    const { cook, eater, request } = await pendingPickup({
      start: at(60 * MINUTE + 6_000),
      end: at(3 * 60 * MINUTE),
    });
    expect((await setStatus(t, cook.cookie, request.id, "accepted")).statusCode).toBe(200);
    expect(await remindersOf(eater.user.id)).toEqual([]);
    const [eaterReminder] = await waitForReminders(eater.user.id, 1);
    expect(eaterReminder).toEqual({
      text: 'Pickup reminder: "Lentil dal" can be picked up in 1 hour, at 12 Elm Street.',
      link: `/request/${request.id}`,
    });
    expect(await waitForReminders(cook.user.id, 1)).toEqual([eaterReminder]);

    // The same job running again (a retry after a crash) notifies nobody twice.
    await sendPickupReminder(t.db, { requestId: request.id, kind: "starts" });
    expect(await remindersOf(eater.user.id)).toHaveLength(1);
    expect(await remindersOf(cook.user.id)).toHaveLength(1);
  });

  it("reminds at acceptance when the window opens within the hour or is open already", async () => {
    const { cook, eater, request } = await pendingPickup({
      start: at(-10 * MINUTE),
      end: at(2 * 60 * MINUTE),
    });
    await setStatus(t, cook.cookie, request.id, "accepted");
    const [reminder] = await waitForReminders(eater.user.id, 1);
    expect(reminder.text).toBe('Pickup reminder: "Lentil dal" can be picked up now, at 12 Elm Street.');
  });

  it("tells the eater alone when the window ends in 30 minutes, unless the pickup is complete", async () => {
    const { cook, eater, request } = await pendingPickup({
      start: at(-2 * 60 * MINUTE),
      end: at(30 * MINUTE + 2_000),
    });
    await setStatus(t, cook.cookie, request.id, "accepted");
    await remindersRun(request.id, ["starts", "ends"]);
    // Both jobs may be due by the time a worker polls, and run side by side: in either order.
    expect((await remindersOf(eater.user.id)).map((r) => r.text).sort()).toEqual(
      [
        'Pickup reminder: "Lentil dal" can be picked up now, at 12 Elm Street.',
        'Pickup window ends in 30 minutes: "Lentil dal" at 12 Elm Street.',
      ].sort(),
    );
    expect(await remindersOf(cook.user.id)).toHaveLength(1);

    // Picked up before the reminder falls due: its job, run at its time, says nothing. The window ends
    // well after the test, so the queue's own run of it cannot come before the eater's word.
    const end = at(40 * MINUTE);
    const done = await pendingPickup({ start: at(-2 * 60 * MINUTE), end }, "Done dumplings");
    await setStatus(t, done.cook.cookie, done.request.id, "accepted");
    await waitForReminders(done.eater.user.id, 1);
    await setStatus(t, done.eater.cookie, done.request.id, "completed");
    const dueAt = new Date(end.getTime() - 30 * MINUTE);
    await sendPickupReminder(t.db, { requestId: done.request.id, kind: "ends" }, dueAt);
    expect(await remindersOf(done.eater.user.id)).toHaveLength(1);
    // Not picked up, the same job at the same time does tell the eater: the check above can fail.
    const open = await pendingPickup({ start: at(-2 * 60 * MINUTE), end }, "Open okra");
    await setStatus(t, open.cook.cookie, open.request.id, "accepted");
    await waitForReminders(open.eater.user.id, 1);
    await sendPickupReminder(t.db, { requestId: open.request.id, kind: "ends" }, dueAt);
    expect(await remindersOf(open.eater.user.id)).toHaveLength(2);
  });

  it("sends nothing for a request cancelled before its reminder falls due", async () => {
    // Due in an hour, so the queue's own run cannot come before the cancellation; the job is run here
    // at its time instead.
    const start = at(2 * 60 * MINUTE);
    const { cook, eater, request } = await pendingPickup({ start, end: at(3 * 60 * MINUTE) });
    await setStatus(t, cook.cookie, request.id, "accepted");
    await setStatus(t, eater.cookie, request.id, "cancelled");
    await sendPickupReminder(t.db, { requestId: request.id, kind: "starts" }, at(60 * MINUTE));
    expect(await remindersOf(eater.user.id)).toEqual([]);
    expect(await remindersOf(cook.user.id)).toEqual([]);
  });

  it("moves the reminder with the window: an earlier window reminds earlier, the old job then does nothing", async () => {
    const { cook, eater, meal, request } = await pendingPickup({
      start: at(3 * 60 * MINUTE),
      end: at(5 * 60 * MINUTE),
    });
    await setStatus(t, cook.cookie, request.id, "accepted");
    const start = at(60 * MINUTE + 2_000);
    const moved = await t.api({
      method: "PUT",
      url: `/api/meals/${meal.id}`,
      cookie: cook.cookie,
      payload: { pickupWindowStart: start.toISOString(), pickupWindowEnd: at(4 * 60 * MINUTE).toISOString() },
    });
    expect(moved.statusCode).toBe(200);
    await waitForReminders(eater.user.id, 1);
    // The job enqueued at acceptance runs two hours from now: it finds the reminder sent.
    await sendPickupReminder(t.db, { requestId: request.id, kind: "starts" }, at(2 * 60 * MINUTE));
    expect(await remindersOf(eater.user.id)).toHaveLength(1);
  });

  it("waits when a job finds the window moved later, and ignores jobs it cannot read", async () => {
    const { cook, eater, request } = await pendingPickup({
      start: at(3 * 60 * MINUTE),
      end: at(5 * 60 * MINUTE),
    });
    await setStatus(t, cook.cookie, request.id, "accepted");
    // As if the job had been enqueued for an earlier window: it runs now, 2 h early.
    await sendPickupReminder(t.db, { requestId: request.id, kind: "starts" });
    expect(await remindersOf(eater.user.id)).toEqual([]);
    const [{ waiting }] = await queryRows<{ waiting: number }>(
      t.db,
      sql`select count(*)::int as "waiting" from pgboss.job
          where name = 'pickup-reminder' and data->>'requestId' = ${request.id} and data->>'kind' = 'starts'
            and state = 'created' and start_after > now() + interval '100 minutes'`,
    );
    expect(waiting).toBe(2);
    await expect(
      sendPickupReminder(t.db, { requestId: "not-a-uuid", kind: "starts" }),
    ).resolves.toBeUndefined();
  });
});
