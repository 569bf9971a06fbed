/**
 * The handover (docs/features/handover.md): photos in a thread reach the other side without their EXIF
 * and GPS, for the two participants only (point 1); quick replies in a thread reach the other side at
 * once, in their language, as one notification each; "Running 10 minutes late" after the window has
 * started is noted on the request for the two of them (point 2); anyone else, a closed thread and bad
 * input are refused.
 */
import { eq, sql } from "drizzle-orm";
import ExifReader from "exifreader";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { requests } from "../../src/server/db/schema";
import { buildMeal, buildRequest, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

const HOUR = 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function thread(options: { startsIn?: number; status?: "accepted" | "declined" | "pending" } = {}) {
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
      { text: "Ella E. is outside", textKey: "{{name}} is outside", link: `/request/${request.id}` },
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

  it("are offered and taken only for an accepted pickup: not while it waits, nor once it is over", async () => {
    const accepted = await thread();
    const detail = await t.api({
      url: `/api/requests/${accepted.request.id}`,
      cookie: accepted.eater.cookie,
    });
    expect(detail.json().quickReplies).toBe(true);
    for (const status of ["pending", "completed"] as const) {
      const { cook, eater, request } = await thread(status === "pending" ? { status } : {});
      if (status === "completed") {
        await t.db.update(requests).set({ status: "completed" }).where(eq(requests.id, request.id));
      }
      const read = await t.api({ url: `/api/requests/${request.id}`, cookie: eater.cookie });
      expect(read.json().quickReplies, status).toBe(false);
      const refused = await send(eater.cookie, request.id, { kind: "outside" });
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().code).toBe("no_quick_replies");
      // A typed message is still welcome.
      expect((await send(eater.cookie, request.id, { body: "Thanks!" })).statusCode).toBe(201);
      expect(await notificationsOf(cook.user.id, "pickup_update")).toEqual([]);
    }
  });
});

/** A phone's JPEG: EXIF with the maker and a GPS position. */
function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 51/1 2400/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "2/1 21/1 300/100",
      },
    })
    .toBuffer();
}

/** Asks for an upload URL and PUTs `bytes` there, as the uploader does; the URL the message names. */
async function uploaded(cookie: string, bytes: Buffer): Promise<string> {
  const params = await t.api({
    method: "POST",
    url: "/api/objects/upload",
    cookie,
    payload: { contentLength: bytes.length },
  });
  expect(params.statusCode, params.body).toBe(200);
  const { uploadURL } = params.json();
  const put = await t.api({
    method: "PUT",
    url: new URL(uploadURL).pathname,
    cookie,
    payload: bytes,
    headers: { "content-type": "image/jpeg" },
  });
  expect(put.statusCode, put.body).toBe(200);
  return uploadURL;
}

describe("photos in the thread", () => {
  it("reach the other side re-encoded, with no EXIF or GPS, and only the two of them may open them", async () => {
    const { cook, eater, request } = await thread();
    const original = await phoneJpeg();
    expect(ExifReader.load(original, { expanded: true }).gps?.Latitude).toBeCloseTo(48.86, 1);
    const sent = await send(eater.cookie, request.id, {
      photoURL: await uploaded(eater.cookie, original),
      body: "The blue box on the left",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json();
    expect(message.body).toBe("The blue box on the left");
    expect(message.photo.path).toMatch(
      new RegExp(`^/api/requests/${request.id}/photos/[0-9a-f-]{36}\\.webp$`),
    );
    expect(message.photo.thumbnailPath).toBe(message.photo.path.replace(/\.webp$/, "-400.webp"));

    // The cook reads it in the thread, and opens both sizes.
    const detail = (await t.api({ url: `/api/requests/${request.id}`, cookie: cook.cookie })).json();
    expect(detail.messages.at(-1).photo).toEqual(message.photo);
    const full = await t.api({ url: message.photo.path, cookie: cook.cookie });
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/webp");
    expect(full.headers["cache-control"]).toMatch(/^private/);
    const bytes = full.rawPayload;
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 1200, height: 900 });
    // An EXIF reader finds the file type and nothing else: no EXIF, no GPS, no XMP.
    expect(ExifReader.load(bytes, { expanded: true })).toEqual({
      file: { FileType: { value: "webp", description: "WebP" } },
    });
    expect(bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
    const thumbnail = await t.api({ url: message.photo.thumbnailPath, cookie: eater.cookie });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });

    // Someone else, signed out, another thread's participant, a made-up name: 401 or 404, never the photo.
    const stranger = await buildSignedInUser(t.db);
    expect((await t.api({ url: message.photo.path, cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await t.api({ url: message.photo.path })).statusCode).toBe(401);
    const other = await thread();
    const photoFile = message.photo.path.split("/").at(-1);
    const elsewhere = await t.api({
      url: `/api/requests/${other.request.id}/photos/${photoFile}`,
      cookie: other.cook.cookie,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (await t.api({ url: `/api/requests/${request.id}/photos/..%2F..%2Fsecret`, cookie: cook.cookie }))
        .statusCode,
    ).toBe(404);
    // Not served where meal photos are public.
    expect((await t.api({ url: `/objects/photos/${photoFile}` })).statusCode).toBe(404);
  });

  it("may go without a caption; refuse a text file, an upload someone else made, a used one, a stranger and a closed thread", async () => {
    const { cook, eater, request } = await thread();
    const bare = await send(cook.cookie, request.id, {
      photoURL: await uploaded(cook.cookie, await phoneJpeg()),
    });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json()).toMatchObject({ body: "", kind: null });

    const text = await send(eater.cookie, request.id, {
      photoURL: await uploaded(eater.cookie, Buffer.from("not a photo at all, just words")),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(
      "This file is not a photo we can read. Please upload a JPEG, PNG, WebP or HEIC image.",
    );

    const cooks = await uploaded(cook.cookie, await phoneJpeg());
    expect((await send(eater.cookie, request.id, { photoURL: cooks })).statusCode).toBe(404);
    const used = await uploaded(eater.cookie, await phoneJpeg());
    expect((await send(eater.cookie, request.id, { photoURL: used })).statusCode).toBe(201);
    expect((await send(eater.cookie, request.id, { photoURL: used })).statusCode).toBe(409);

    const stranger = await buildSignedInUser(t.db);
    const strangers = await uploaded(stranger.cookie, await phoneJpeg());
    expect((await send(stranger.cookie, request.id, { photoURL: strangers })).statusCode).toBe(404);
    expect((await send(eater.cookie, request.id, { photoURL: "not a url" })).statusCode).toBe(400);
    expect((await send(eater.cookie, request.id, { kind: "outside", photoURL: used })).statusCode).toBe(400);

    const closed = await thread({ status: "declined" });
    const late = await send(closed.eater.cookie, closed.request.id, {
      photoURL: await uploaded(closed.eater.cookie, await phoneJpeg()),
    });
    expect(late.statusCode).toBe(409);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from messages where request_id = ${closed.request.id}`,
    );
    expect(n).toBe(0);
  });

  it("refuses an upload over 5 MB with a clear 413", async () => {
    const { eater } = await thread();
    const params = await t.api({
      method: "POST",
      url: "/api/objects/upload",
      cookie: eater.cookie,
      payload: { contentLength: 6 * 1024 * 1024 },
    });
    expect(params.statusCode).toBe(413);
    expect(params.json().message).toBe("Photos can be at most 5 MB.");
  });
});

describe("the container label", () => {
  it("prints the cook's label with its token, and the public page shows the food and nothing of the person or the place", async () => {
    const cook = await buildSignedInUser(t.db, { firstName: "Lotte", lastName: "Labelmaker" });
    const preparedAt = new Date(Date.now() - 3 * HOUR);
    const meal = await buildMeal(t.db, cook.user, {
      title: "Mac and cheese",
      ingredients: "Pasta (wheat), Cheese, milk, pepper",
      allergenCodes: ["gluten", "milk"],
      allergens: "Cereals containing gluten, Milk",
      storage: "chilled",
      preparedAt,
      reheating: "Oven, 180 °C, 20 minutes",
      pickupLocation: "Flat 4B, ring twice",
    });
    const printed = await t.api({ method: "POST", url: `/api/meals/${meal.id}/label`, cookie: cook.cookie });
    expect(printed.statusCode, printed.body).toBe(200);
    const label = printed.json();
    expect(label).toMatchObject({
      title: "Mac and cheese",
      cookFirstName: "Lotte",
      allergenCodes: ["gluten", "milk"],
      storage: "chilled",
      preparedAt: preparedAt.toISOString(),
      useBy: new Date(preparedAt.getTime() + 48 * HOUR).toISOString(),
      reheating: "Oven, 180 °C, 20 minutes",
    });
    expect(label.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(label.ingredients.map((part: { text: string }) => part.text).join("")).toBe(
      "Pasta (wheat), Cheese, milk, pepper",
    );
    expect(
      label.ingredients
        .filter((part: { allergen: boolean }) => part.allergen)
        .map((part: { text: string }) => part.text),
    ).toEqual(["wheat", "Cheese", "milk"]);
    // Printing again keeps the page the QR codes already point to.
    const again = await t.api({ method: "POST", url: `/api/meals/${meal.id}/label`, cookie: cook.cookie });
    expect(again.json().token).toBe(label.token);

    // Anyone, signed out, by the token alone; not by the meal's id; not indexed.
    const page = await t.api({ url: `/api/labels/${label.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    const { token: _token, cookFirstName: _first, ...food } = label;
    expect(page.json()).toEqual(food);
    for (const personal of ["Labelmaker", "Lotte", "Flat 4B", cook.user.id, cook.user.email, meal.id]) {
      expect(page.body).not.toContain(personal);
    }
    expect((await t.api({ url: `/api/labels/${meal.id}` })).statusCode).toBe(400);
    expect((await t.api({ url: `/api/labels/${"A".repeat(22)}` })).statusCode).toBe(404);

    // The food outlives the meal's listing: ended and deactivated, the page still answers; taken down, not.
    await queryRows(
      t.db,
      sql`update meals set is_active = false, pickup_window_start = now() - interval '2 days',
            pickup_window_end = now() - interval '1 day' where id = ${meal.id}`,
    );
    expect((await t.api({ url: `/api/labels/${label.token}` })).statusCode).toBe(200);
    await queryRows(t.db, sql`update meals set hidden_by_admin = true where id = ${meal.id}`);
    expect((await t.api({ url: `/api/labels/${label.token}` })).statusCode).toBe(404);
  });

  it("is the cook's alone to print: 404 for another member, 401 signed out; hot food is used by two hours after the window", async () => {
    const cook = await buildSignedInUser(t.db);
    const end = new Date(Date.now() + 2 * HOUR);
    const meal = await buildMeal(t.db, cook.user, { storage: "hot", pickupWindowEnd: end });
    const other = await buildSignedInUser(t.db);
    expect(
      (await t.api({ method: "POST", url: `/api/meals/${meal.id}/label`, cookie: other.cookie })).statusCode,
    ).toBe(404);
    expect((await t.api({ method: "POST", url: `/api/meals/${meal.id}/label` })).statusCode).toBe(401);
    const label = (
      await t.api({ method: "POST", url: `/api/meals/${meal.id}/label`, cookie: cook.cookie })
    ).json();
    expect(label.useBy).toBe(new Date(end.getTime() + 2 * HOUR).toISOString());
    const unsaid = await buildMeal(t.db, cook.user, { storage: null });
    const bare = (
      await t.api({ method: "POST", url: `/api/meals/${unsaid.id}/label`, cookie: cook.cookie })
    ).json();
    expect(bare.useBy).toBeNull();
  });
});

describe("the pickup pass", () => {
  it("is the accepted eater's alone: the code, the meal and where exactly; 409 before acceptance, 404 for the cook and anyone else", async () => {
    const { cook, eater, request } = await thread({ startsIn: 1 });
    await queryRows(
      t.db,
      sql`update meals set pickup_details = 'Bell 3, second floor', pickup_latitude = 52.5, pickup_longitude = 13.4
          where id = (select meal_id from requests where id = ${request.id})`,
    );
    // As acceptance leaves it (the factory writes the row as it is).
    await queryRows(t.db, sql`update requests set pickup_code = '4821' where id = ${request.id}`);
    const pass = await t.api({ url: `/api/requests/${request.id}/pass`, cookie: eater.cookie });
    expect(pass.statusCode, pass.body).toBe(200);
    const [{ code }] = await queryRows<{ code: string }>(
      t.db,
      sql`select pickup_code as code from requests where id = ${request.id}`,
    );
    expect(pass.json()).toMatchObject({
      requestId: request.id,
      code,
      meal: {
        privatePickup: { details: "Bell 3, second floor", point: { latitude: 52.5, longitude: 13.4 } },
      },
      cook: { id: cook.user.id },
    });
    expect(Date.parse(pass.json().issuedAt)).toBeGreaterThan(Date.now() - 60_000);

    expect((await t.api({ url: `/api/requests/${request.id}/pass`, cookie: cook.cookie })).statusCode).toBe(
      404,
    );
    const stranger = await buildSignedInUser(t.db);
    expect(
      (await t.api({ url: `/api/requests/${request.id}/pass`, cookie: stranger.cookie })).statusCode,
    ).toBe(404);
    expect((await t.api({ url: `/api/requests/${request.id}/pass` })).statusCode).toBe(401);

    const pending = await thread({ status: "pending" });
    const early = await t.api({
      url: `/api/requests/${pending.request.id}/pass`,
      cookie: pending.eater.cookie,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: "no_pass" });
  });
});
