/**
 * docs/features/notifications.md point 2: Web Push to a fake push service speaking the protocol
 * (tests/push-service.ts): the payload decrypts with the subscription's keys and carries only a short
 * preview and the link; a 410 forgets the device; a thread pushes at most once per 5 minutes while
 * unread.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, pushSubscriptions } from "../../src/server/db/schema";
import { buildMeal, buildSignedInUser, hoursFromNow, signIn } from "../factories";
import { type FakeDevice, type FakePushService, startFakePushService } from "../push-service";
import { createTestApp, jobsSettled, type TestApp } from "./harness";
import { askFor } from "./steps";

describe("web push", () => {
  let t: TestApp;
  let push: FakePushService;
  beforeAll(async () => {
    push = await startFakePushService();
    t = await createTestApp({
      pushAgent: push.agent,
      config: {
        push: {
          vapidKeys: undefined,
          subject: "mailto:no-reply@mealshare.test",
          allowedHosts: ["127.0.0.1"],
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  const subscribe = (cookie: string, device: FakeDevice) =>
    t.api({ method: "PUT", url: "/api/push/subscription", cookie, payload: device.subscription });
  const devicesOf = (userId: string) =>
    t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  /** A cook with a subscribed device, an eater, and the eater's request for the cook's meal. */
  async function exchange(title = "Lentil dal") {
    const cook = await buildSignedInUser(t.db, { firstName: "Maria", lastName: "Lopez" });
    const eater = await buildSignedInUser(t.db, { firstName: "Sam", lastName: "Okafor" });
    const device = push.newDevice();
    expect((await subscribe(cook.cookie, device)).statusCode).toBe(204);
    const meal = await buildMeal(t.db, cook.user, {
      title,
      pickupWindowStart: new Date(hoursFromNow(5)),
      pickupWindowEnd: new Date(hoursFromNow(7)),
    });
    const response = await askFor(t, eater.cookie, meal.id, "A private note for the cook only");
    return { cook, eater, device, requestId: response.json().id as string };
  }

  it("refuses subscriptions signed out, with bad keys, or to a host that is not a push service", async () => {
    const device = push.newDevice();
    expect(
      (await t.api({ method: "PUT", url: "/api/push/subscription", payload: device.subscription }))
        .statusCode,
    ).toBe(401);
    const { cookie } = await buildSignedInUser(t.db);
    const badKey = { ...device.subscription, keys: { ...device.subscription.keys, p256dh: "abc" } };
    expect(
      (await t.api({ method: "PUT", url: "/api/push/subscription", cookie, payload: badKey })).statusCode,
    ).toBe(400);
    const elsewhere = { ...device.subscription, endpoint: "https://attacker.example/collect" };
    const refused = await t.api({ method: "PUT", url: "/api/push/subscription", cookie, payload: elsewhere });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.endpoint).toBe("This push service is not supported.");
    const plain = {
      ...device.subscription,
      endpoint: device.subscription.endpoint.replace("https:", "http:"),
    };
    expect(
      (await t.api({ method: "PUT", url: "/api/push/subscription", cookie, payload: plain })).statusCode,
    ).toBe(400);
    // An allowed host, but not where push services answer: the server would POST to another service.
    for (const endpoint of [
      device.subscription.endpoint.replace("https://127.0.0.1", "https://127.0.0.1:8443"),
      device.subscription.endpoint.replace("https://127.0.0.1", "https://127.0.0.1:22"),
      device.subscription.endpoint.replace("https://", "https://user:pass@"),
    ]) {
      const onPort = await t.api({
        method: "PUT",
        url: "/api/push/subscription",
        cookie,
        payload: { ...device.subscription, endpoint },
      });
      expect(onPort.statusCode).toBe(400);
    }
    // The same endpoint written with the standard port is the standard endpoint.
    const explicit = device.subscription.endpoint.replace("https://127.0.0.1", "https://127.0.0.1:443");
    expect(
      (
        await t.api({
          method: "PUT",
          url: "/api/push/subscription",
          cookie,
          payload: { ...device.subscription, endpoint: explicit },
        })
      ).statusCode,
    ).toBe(204);
  });

  it("never moves a member's device to another member", async () => {
    const owner = await buildSignedInUser(t.db);
    const other = await buildSignedInUser(t.db);
    const phone = push.newDevice();
    expect((await subscribe(owner.cookie, phone)).statusCode).toBe(204);
    const taken = await subscribe(other.cookie, phone);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("push_endpoint_taken");
    expect(await devicesOf(other.user.id)).toEqual([]);
    expect((await devicesOf(owner.user.id)).map((d) => d.endpoint)).toEqual([phone.subscription.endpoint]);
    // The owner subscribing again (a new session on the same browser) keeps it theirs.
    const again = await signIn(t.db, owner.user);
    expect((await subscribe(again, phone)).statusCode).toBe(204);
    expect(await devicesOf(owner.user.id)).toHaveLength(1);
  });

  it("sends the cook a new request: VAPID-signed, decryptable, a short preview and the link", async () => {
    const { device, requestId } = await exchange("Lentil dal");
    const [received] = await push.waitFor(device);
    expect(received.payload).toEqual({
      title: "MealShare",
      body: 'Sam O. requested "Lentil dal"',
      url: `/request/${requestId}`,
      tag: requestId,
    });
    // The eater's message stays in the thread.
    expect(JSON.stringify(received.payload)).not.toContain("private note");
    const publicKey = (
      await t.api({ url: "/api/push/public-key", cookie: (await buildSignedInUser(t.db)).cookie })
    ).json().publicKey;
    expect(received.vapid.publicKey).toBe(publicKey);
    expect(received.vapid.aud).toBe(push.origin);
    expect(received.vapid.sub).toBe("mailto:no-reply@mealshare.test");
    expect(received.vapid.exp * 1000).toBeGreaterThan(Date.now());
    expect(received.ttl).toBeGreaterThan(0);
    expect(received.topic).toBe(requestId.replaceAll("-", ""));
  });

  it("pushes a thread's messages at most once per 5 minutes while unread, and again once read", async () => {
    const { cook, eater, requestId } = await exchange("Chatty curry");
    const eaterDevice = push.newDevice();
    await subscribe(eater.cookie, eaterDevice);
    const say = (body: string) =>
      t.api({
        method: "POST",
        url: `/api/requests/${requestId}/messages`,
        cookie: cook.cookie,
        payload: { body },
      });
    await say("Six is fine!");
    const [first] = await push.waitFor(eaterDevice);
    expect(first.payload.body).toBe('Maria L. sent a message about "Chatty curry"');
    await say("Bring a box.");
    await say("And a bag.");
    await jobsSettled(t.db);
    expect(push.received.filter((p) => p.deviceId === eaterDevice.id)).toHaveLength(1);

    // Reading the thread starts a new unread notification with the next message: it pushes.
    await t.api({
      method: "PUT",
      url: "/api/notifications/read",
      cookie: eater.cookie,
      payload: { requestId },
    });
    await say("See you soon.");
    await push.waitFor(eaterDevice, 2);

    // Five minutes on, the same unread notification may push again.
    await t.db
      .update(notifications)
      .set({ pushedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(notifications.userId, eater.user.id));
    await say("Are you there?");
    await push.waitFor(eaterDevice, 3);
  });

  it("forgets a device whose push service answers 410 Gone", async () => {
    const { cook, eater, device, requestId } = await exchange("Gone gnocchi");
    await push.waitFor(device);
    push.expire(device);
    await t.api({
      method: "PUT",
      url: `/api/requests/${requestId}/status`,
      cookie: eater.cookie,
      payload: { status: "cancelled" },
    });
    await jobsSettled(t.db);
    expect(await devicesOf(cook.user.id)).toEqual([]);
  });

  it("sends nothing to a category whose push is off; other categories still push", async () => {
    const { cook, eater, device, requestId } = await exchange("Quiet quiche");
    await push.waitFor(device);
    await t.api({
      method: "PUT",
      url: "/api/user/notification-preferences",
      cookie: cook.cookie,
      payload: { messages: { push: false } },
    });
    await t.api({
      method: "POST",
      url: `/api/requests/${requestId}/messages`,
      cookie: eater.cookie,
      payload: { body: "Hello?" },
    });
    await jobsSettled(t.db);
    expect(push.received.filter((p) => p.deviceId === device.id)).toHaveLength(1);
    await t.api({
      method: "PUT",
      url: `/api/requests/${requestId}/status`,
      cookie: eater.cookie,
      payload: { status: "cancelled" },
    });
    const pushes = await push.waitFor(device, 2);
    expect(pushes[1].payload.body).toBe('Sam O. cancelled the request for "Quiet quiche"');
  });

  it("forgets a device when its user turns push off there or signs out; nobody else can remove it", async () => {
    const owner = await buildSignedInUser(t.db);
    const stranger = await buildSignedInUser(t.db);
    const phone = push.newDevice();
    const laptop = push.newDevice();
    await subscribe(owner.cookie, phone);
    await subscribe(owner.cookie, laptop);
    const remove = (cookie: string, device: FakeDevice) =>
      t.api({
        method: "DELETE",
        url: "/api/push/subscription",
        cookie,
        payload: { endpoint: device.subscription.endpoint },
      });
    expect((await remove(stranger.cookie, phone)).statusCode).toBe(204);
    expect(await devicesOf(owner.user.id)).toHaveLength(2);
    expect((await remove(owner.cookie, phone)).statusCode).toBe(204);
    expect((await devicesOf(owner.user.id)).map((d) => d.endpoint)).toEqual([laptop.subscription.endpoint]);

    // Signing out ends the session the laptop subscribed in, and its subscription with it.
    const logout = await t.api({ method: "POST", url: "/api/logout", cookie: owner.cookie });
    expect(logout.statusCode).toBeLessThan(400);
    expect(await devicesOf(owner.user.id)).toEqual([]);
  });
});
