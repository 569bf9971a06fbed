/**
 * The exchange after a request is sent (docs/features/exchange.md): the docs/DESIGN.md §4 status table
 * for every (from, to, actor) — with docs/features/households.md's offers, confirmations and no-shows —
 * thread messages, notifications, and the portion accounting under races.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedMoves, REQUEST_STATUSES, type RequestStatus } from "../../src/contract/requests";
import { buildExchange, buildMeal, buildRequest, buildSignedInUser, buildUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";
import { setStatus } from "./steps";

type Status = RequestStatus;
type Actor = "owner" | "eater" | "stranger";

/** Every status the contract knows: one added there is tried here too. */
const STATUSES = REQUEST_STATUSES;

/**
 * docs/DESIGN.md §4's table with docs/features/households.md's rows and decision 012's disputes,
 * written out again here so the test does not trust the code's copy. A no-show is reported once the
 * pickup's window has ended (the test ends it for those moves); the no-shows it starts from name the
 * eater, so only the eater may dispute one; only an admin settles a dispute (403 for both sides).
 */
const TABLE: [from: Status, to: Status, who: Actor[]][] = [
  ["pending", "accepted", ["owner"]],
  ["pending", "declined", ["owner"]],
  ["pending", "completed", ["owner"]],
  ["accepted", "completed", ["owner", "eater"]],
  ["pending", "cancelled", ["owner", "eater"]],
  ["accepted", "cancelled", ["owner", "eater"]],
  ["accepted", "no_show", ["owner", "eater"]],
  ["held", "accepted", ["eater"]],
  ["held", "cancelled", ["eater"]],
  ["no_show", "disputed", ["eater"]],
  ["disputed", "completed", []],
  ["disputed", "no_show", []],
];

/**
 * Where a move that is allowed leaves the request: "completed" is one side's word that the pickup
 * happened, so the request stays accepted until the other says so too (a cook's word on a pending
 * request accepts it).
 */
const resultOf = (to: Status): Status => (to === "completed" ? "accepted" : to);

function expectedStatus(from: Status, to: Status, actor: Actor): number {
  if (actor === "stranger") return 404;
  const row = TABLE.find(([f, t]) => f === from && t === to);
  if (!row) return 409;
  return row[2].includes(actor) ? 200 : 403;
}

describe("exchange API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * A cook, an eater, a stranger (all signed in) and a request in `status` for a 5-portion meal, whose
   * pickup window has ended when `ended`.
   */
  async function exchange(status: Status = "pending", portionSize = 5, ended = false) {
    const { cook, eater, meal, request } = await buildExchange(t.db, {
      status,
      meal: {
        title: "Lentil soup",
        portionSize,
        ...(ended
          ? {
              pickupWindowStart: new Date(Date.now() - 3 * 3_600_000),
              pickupWindowEnd: new Date(Date.now() - 3_600_000),
            }
          : {}),
      },
    });
    const stranger = await buildSignedInUser(t.db);
    return {
      cook,
      eater,
      stranger,
      meal,
      request,
      cookies: { owner: cook.cookie, eater: eater.cookie, stranger: stranger.cookie },
    };
  }
  const postMessage = (cookie: string, id: string, body: unknown) =>
    t.api({ method: "POST", url: `/api/requests/${id}/messages`, cookie, payload: { body } });
  const notificationsOf = async (cookie: string) =>
    (await t.api({ url: "/api/notifications", cookie })).json();
  /**
   * The status notifications alone, newest first: the pickup-reminder job may add its own as soon as
   * a request for a meal picked up now is accepted, and that is not what these tests are about.
   */
  const statusNotificationsOf = async (cookie: string) =>
    (await notificationsOf(cookie)).filter((n: { type: string }) => n.type === "request_status");

  describe("PUT /api/requests/:id/status: the whole transition table", () => {
    const cases = STATUSES.flatMap((from) =>
      STATUSES.flatMap((to) =>
        (["owner", "eater", "stranger"] as Actor[]).map(
          (actor) => [from, to, actor, expectedStatus(from, to, actor)] as const,
        ),
      ),
    );

    it.each(cases)("%s → %s by %s answers %i", async (from, to, actor, expected) => {
      const { request, cookies } = await exchange(from, 5, to === "no_show");
      const response = await setStatus(t, cookies[actor], request.id, to);
      expect(response.statusCode).toBe(expected);

      const afterwards = (await t.api({ url: `/api/requests/${request.id}`, cookie: cookies.owner })).json();
      if (expected === 200) {
        expect(response.json()).toMatchObject({ id: request.id, status: resultOf(to) });
        expect(afterwards.status).toBe(resultOf(to));
      } else {
        expect(response.json().message).toEqual(expect.any(String));
        expect(response.json().message.length).toBeGreaterThan(5);
        expect(afterwards.status).toBe(from);
      }
    });

    it("explains a refusal in words", async () => {
      const { request, cookies } = await exchange("declined");
      expect((await setStatus(t, cookies.owner, request.id, "accepted")).json().message).toBe(
        "A declined request cannot be accepted.",
      );
      expect((await setStatus(t, cookies.owner, request.id, "declined")).json().message).toBe(
        "This request is already declined.",
      );
      const pending = await exchange("pending");
      expect((await setStatus(t, pending.cookies.eater, pending.request.id, "accepted")).json().message).toBe(
        "Only the cook can accept or decline a request.",
      );
      expect(
        (await setStatus(t, pending.cookies.stranger, pending.request.id, "cancelled")).json().message,
      ).toBe("Request not found");
    });

    it("returns the viewer's abilities after each move", async () => {
      // The window has ended: either side may also report a no-show.
      const { request, cookies } = await exchange("pending", 5, true);
      expect(
        allowedMoves((await setStatus(t, cookies.owner, request.id, "accepted")).json().abilities),
      ).toEqual(["completed", "cancelled", "no_show"]);
      const eaterView = (await t.api({ url: `/api/requests/${request.id}`, cookie: cookies.eater })).json();
      expect(allowedMoves(eaterView.abilities)).toEqual(["completed", "cancelled", "no_show"]);
      // Having said the pickup happened, the eater has nothing left to do; the cook still says so.
      const said = (await setStatus(t, cookies.eater, request.id, "completed")).json();
      expect(said).toMatchObject({
        status: "accepted",
        pickup: { eaterConfirmed: true, feederConfirmed: false },
      });
      expect(allowedMoves(said.abilities)).toEqual([]);
      expect(said.abilities.complete.refusal).toMatchObject({ code: "already_confirmed" });
      const done = (await setStatus(t, cookies.owner, request.id, "completed")).json();
      expect(done).toMatchObject({ status: "completed" });
      expect(allowedMoves(done.abilities)).toEqual([]);
    });

    it("answers 400 for an unknown status or a malformed id, 401 signed out, 403 cross-origin", async () => {
      const { request, cookies } = await exchange("pending");
      const bogus = await setStatus(t, cookies.owner, request.id, "eaten");
      expect(bogus.statusCode).toBe(400);
      expect(bogus.json().errors.status).toEqual(expect.any(String));
      expect((await setStatus(t, cookies.owner, "not-a-uuid", "accepted")).statusCode).toBe(400);
      expect(
        (
          await t.api({
            method: "PUT",
            url: `/api/requests/${request.id}/status`,
            payload: { status: "accepted" },
          })
        ).statusCode,
      ).toBe(401);
      const crossOrigin = await t.api({
        method: "PUT",
        url: `/api/requests/${request.id}/status`,
        cookie: cookies.owner,
        headers: { origin: "https://evil.example" },
        payload: { status: "accepted" },
      });
      expect(crossOrigin.statusCode).toBe(403);
    });

    it("refuses to accept or complete a pending request when no portion is left (409)", async () => {
      const { meal, cookies } = await exchange("accepted", 1);
      const second = await buildRequest(t.db, meal, await buildUser(t.db));
      for (const to of ["accepted", "completed"]) {
        const response = await setStatus(t, cookies.owner, second.id, to);
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe("This meal is fully reserved.");
      }
      expect((await setStatus(t, cookies.owner, second.id, "declined")).statusCode).toBe(200);
    });

    it("gives the portion back when an accepted request is cancelled", async () => {
      const { meal, request, cookies } = await exchange("accepted", 1);
      const mealView = async () =>
        (await t.api({ url: `/api/meals/${meal.id}`, cookie: cookies.owner })).json();
      expect((await mealView()).portionsLeft).toBe(0);
      await setStatus(t, cookies.eater, request.id, "cancelled");
      expect((await mealView()).portionsLeft).toBe(1);
    });

    it("lets exactly as many concurrent accepts win as there are portions", async () => {
      const { cook, meal } = await exchange("cancelled", 3);
      const pending = await Promise.all(
        Array.from({ length: 8 }, async () => buildRequest(t.db, meal, await buildUser(t.db))),
      );
      const results = await Promise.all(pending.map((r) => setStatus(t, cook.cookie, r.id, "accepted")));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
      const view = (await t.api({ url: `/api/meals/${meal.id}`, cookie: cook.cookie })).json();
      expect(view.portionsLeft).toBe(0);
    });

    it("notifies the other party of each change", async () => {
      const { request, cookies } = await exchange("pending");
      await setStatus(t, cookies.owner, request.id, "accepted");
      expect((await statusNotificationsOf(cookies.eater))[0]).toMatchObject({
        type: "request_status",
        text: 'Cora C. accepted your request for "Lentil soup"',
        link: `/request/${request.id}`,
        isRead: false,
      });
      await setStatus(t, cookies.eater, request.id, "completed");
      expect((await statusNotificationsOf(cookies.owner))[0]).toMatchObject({
        type: "request_status",
        text: 'Eli E. picked up "Lentil soup": say so in the thread when you have handed it over',
      });
      await setStatus(t, cookies.owner, request.id, "completed");
      expect((await statusNotificationsOf(cookies.eater))[0]).toMatchObject({
        type: "request_status",
        text: 'Cora C. marked "Lentil soup" as completed',
      });
    });
  });

  describe("POST /api/requests/:id/messages", () => {
    it("adds a trimmed message to the thread, for both participants", async () => {
      const { request, cookies, eater, cook } = await exchange("pending");
      const response = await postMessage(cookies.eater, request.id, "  Is 6pm OK?  ");
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ body: "Is 6pm OK?", sender: { id: eater.user.id } });
      await postMessage(cookies.owner, request.id, "Yes, see you then");

      const thread = (await t.api({ url: `/api/requests/${request.id}`, cookie: cookies.eater })).json();
      expect(
        thread.messages.map((m: { body: string; sender: { id: string } }) => [m.body, m.sender.id]),
      ).toEqual([
        ["Is 6pm OK?", eater.user.id],
        ["Yes, see you then", cook.user.id],
      ]);
    });

    it("refuses blank and over-long messages (400) and takes exactly 2000 characters", async () => {
      const { request, cookies } = await exchange("pending");
      for (const body of ["", "   \n ", "x".repeat(2001), 42, null]) {
        const response = await postMessage(cookies.eater, request.id, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().errors.body).toEqual(expect.any(String));
      }
      expect((await postMessage(cookies.eater, request.id, "x".repeat(2000))).statusCode).toBe(201);
      expect((await postMessage(cookies.eater, request.id, ` ${"y".repeat(2000)} `)).statusCode).toBe(201);
    });

    it.each(["declined", "cancelled"] as const)(
      "refuses messages once the request is %s (409)",
      async (status) => {
        const { request, cookies } = await exchange(status);
        const response = await postMessage(cookies.owner, request.id, "Hello?");
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(`This request was ${status}; the conversation is closed.`);
      },
    );

    it("still takes messages when the request is accepted or completed", async () => {
      for (const status of ["accepted", "completed"] as const) {
        const { request, cookies } = await exchange(status);
        expect((await postMessage(cookies.owner, request.id, "Thanks!")).statusCode).toBe(201);
      }
    });

    it("answers 404 to a stranger, for the thread, its messages and its status", async () => {
      const { request, cookies } = await exchange("pending");
      const asStranger = [
        await t.api({ url: `/api/requests/${request.id}`, cookie: cookies.stranger }),
        await postMessage(cookies.stranger, request.id, "Let me in"),
        await setStatus(t, cookies.stranger, request.id, "cancelled"),
      ];
      for (const response of asStranger) {
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe("Request not found");
      }
      const thread = (await t.api({ url: `/api/requests/${request.id}`, cookie: cookies.owner })).json();
      expect(thread.messages).toEqual([]);
      expect(thread.status).toBe("pending");
    });

    it("answers 404 for an unknown request and 401 signed out", async () => {
      const { cookies } = await exchange();
      const unknown = "00000000-0000-4000-8000-000000000000";
      expect((await postMessage(cookies.owner, unknown, "Hi")).statusCode).toBe(404);
      expect(
        (await t.api({ method: "POST", url: `/api/requests/${unknown}/messages`, payload: { body: "Hi" } }))
          .statusCode,
      ).toBe(401);
    });

    it("notifies the other party once per unread conversation, not once per message", async () => {
      const { request, cookies } = await exchange("pending");
      await postMessage(cookies.eater, request.id, "One");
      await postMessage(cookies.eater, request.id, "Two");
      const messageNotifications = (await notificationsOf(cookies.owner)).filter(
        (n: { type: string }) => n.type === "message_new",
      );
      expect(messageNotifications).toHaveLength(1);
      expect(messageNotifications[0]).toMatchObject({
        text: 'Eli E. sent a message about "Lentil soup"',
        link: `/request/${request.id}`,
        isRead: false,
      });
      expect(await notificationsOf(cookies.eater)).toEqual([]);

      await t.api({
        method: "PUT",
        url: "/api/notifications/read",
        cookie: cookies.owner,
        payload: { requestId: request.id },
      });
      await postMessage(cookies.eater, request.id, "Three");
      const after = (await notificationsOf(cookies.owner)).filter(
        (n: { type: string }) => n.type === "message_new",
      );
      expect(after.map((n: { isRead: boolean }) => n.isRead)).toEqual([false, true]);
    });
  });

  describe("PUT /api/notifications/read", () => {
    it("marks one thread's notifications read, or all, and only the caller's", async () => {
      const cook = await buildSignedInUser(t.db);
      const first = await exchange("pending");
      const meal = await buildMeal(t.db, cook.user);
      const a = await buildRequest(t.db, meal, first.eater.user);
      const b = await buildRequest(t.db, await buildMeal(t.db, cook.user), first.eater.user);
      await postMessage(first.eater.cookie, a.id, "About A");
      await postMessage(first.eater.cookie, b.id, "About B");
      await postMessage(cook.cookie, a.id, "Reply A");

      const unread = async () =>
        (await notificationsOf(cook.cookie))
          .filter((n: { isRead: boolean }) => !n.isRead)
          .map((n: { link: string }) => n.link);
      expect((await unread()).sort()).toEqual([`/request/${a.id}`, `/request/${b.id}`].sort());

      const one = await t.api({
        method: "PUT",
        url: "/api/notifications/read",
        cookie: cook.cookie,
        payload: { requestId: a.id },
      });
      expect(one.json()).toEqual({ updated: 1 });
      expect(await unread()).toEqual([`/request/${b.id}`]);

      const eaterUnread = (await notificationsOf(first.eater.cookie)).filter(
        (n: { isRead: boolean }) => !n.isRead,
      );
      expect(eaterUnread).toHaveLength(1);

      await t.api({ method: "PUT", url: "/api/notifications/read", cookie: cook.cookie, payload: {} });
      expect(await unread()).toEqual([]);
      expect(
        (await notificationsOf(first.eater.cookie)).filter((n: { isRead: boolean }) => !n.isRead),
      ).toHaveLength(1);
    });
  });
});
