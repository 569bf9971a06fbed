/**
 * The handover (docs/features/handover.md point 2): quick replies in a thread reach the other side at
 * once, in their language, as one notification each; "Running 10 minutes late" after the window has
 * started is noted on the request for the two of them; anyone else, a closed thread and bad input are
 * refused.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { buildMeal, buildRequest, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

const HOUR = 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function thread(options: { startsIn?: number; status?: "accepted" | "declined" } = {}) {
  const cook = await buildSignedInUser(t.db, { firstName: "Carla", lastName: "Cook" });
  const eater = await buildSignedInUser(t.db, { firstName: "Ella", lastName: "Eater" });
  const start = Date.now() + (options.startsIn ?? -1) * HOUR;
  const meal = await buildMeal(t.db, cook.user, {
    pickupWindowStart: new Date(start),
    pickupWindowEnd: new Date(start + 3 * HOUR),
  });
  const request = await buildRequest(t.db, meal, eater.user, { status: options.status ?? "accepted" });
  return { cook, eater, request };
}

const send = (cookie: string, requestId: string, payload: object) =>
  t.api({ method: "POST", url: `/api/requests/${requestId}/messages`, cookie, payload });

async function notificationsOf(userId: string, type: string) {
  return queryRows<{ text: string; textKey: string; link: string }>(
    t.db,
    sql`select text, text_key as "textKey", link from notifications where user_id = ${userId} and type = ${type}`,
  );
}

describe("quick replies", () => {
  it("'I'm outside' reaches the cook once, as a notification of its own, and shows as a quick reply in the thread", async () => {
    const { cook, eater, request } = await thread();
    const sent = await send(eater.cookie, request.id, { kind: "outside" });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ kind: "outside", body: "I'm outside" });
    // A typed message before it keeps its own unread notification; the quick reply is told apart.
    expect((await send(eater.cookie, request.id, { body: "Blue door?" })).statusCode).toBe(201);
    const told = await notificationsOf(cook.user.id, "pickup_update");
    expect(told).toEqual([
      { text: "Ella Eater is outside", textKey: "{{name}} is outside", link: `/request/${request.id}` },
    ]);
    expect(await notificationsOf(cook.user.id, "message_new")).toHaveLength(1);
    const detail = (await t.api({ url: `/api/requests/${request.id}`, cookie: cook.cookie })).json();
    expect(detail.messages.map((message: { kind: string | null }) => message.kind)).toEqual([
      "outside",
      null,
    ]);
    // The eater is not told of their own reply.
    expect(await notificationsOf(eater.user.id, "pickup_update")).toEqual([]);
  });

  it("notes 'Running 10 minutes late' on the request once the window has started, for the two of them only", async () => {
    const early = await thread({ startsIn: 2 });
    expect((await send(early.eater.cookie, early.request.id, { kind: "running_late" })).statusCode).toBe(201);
    expect(
      (await t.api({ url: `/api/requests/${early.request.id}`, cookie: early.cook.cookie })).json()
        .runningLateAt,
    ).toBeNull();

    const { cook, eater, request } = await thread({ startsIn: -1 });
    expect((await send(cook.cookie, request.id, { kind: "running_late" })).statusCode).toBe(201);
    const first = (await t.api({ url: `/api/requests/${request.id}`, cookie: eater.cookie })).json()
      .runningLateAt;
    expect(first).toEqual(expect.any(String));
    expect((await send(eater.cookie, request.id, { kind: "running_late" })).statusCode).toBe(201);
    const again = (await t.api({ url: `/api/requests/${request.id}`, cookie: cook.cookie })).json()
      .runningLateAt;
    expect(again).toBe(first);
    // Nobody else reads the request, nor the note.
    const stranger = await buildSignedInUser(t.db);
    expect((await t.api({ url: `/api/requests/${request.id}`, cookie: stranger.cookie })).statusCode).toBe(
      404,
    );
    const profile = await t.api({ url: `/api/users/${eater.user.id}`, cookie: stranger.cookie });
    expect(profile.body).not.toContain("runningLate");
  });

  it("refuses anyone else (404), a closed thread (409), and a body with a kind, an unknown kind or nothing (400)", async () => {
    const { eater, request } = await thread();
    const stranger = await buildSignedInUser(t.db);
    expect((await send(stranger.cookie, request.id, { kind: "outside" })).statusCode).toBe(404);
    for (const payload of [{ kind: "outside", body: "Hi" }, { kind: "teleporting" }, {}, { kind: null }]) {
      const refused = await send(eater.cookie, request.id, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    const closed = await thread({ status: "declined" });
    expect((await send(closed.eater.cookie, closed.request.id, { kind: "on_my_way" })).statusCode).toBe(409);
    expect(await notificationsOf(closed.cook.user.id, "pickup_update")).toEqual([]);
  });
});
