/**
 * "Download my data" (docs/decisions/017): a ZIP made by the job on a real database and photo store,
 * holding every kind of the member's data — checked field by field against the database — and nothing
 * private of anyone else; one a day; downloadable by its member (and the admin who made it for them)
 * only. Someone else's attempts first.
 */
import { eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { users } from "../../src/server/db/schema";
import { buildMeal, buildRequest, buildSignedInUser } from "../factories";
import { emailTo, type MailCatcher, startMailCatcher } from "../mail-catcher";
import { ADMIN_EMAIL, createTestApp, jobsSettled, type TestApp } from "./harness";

let mail: MailCatcher;
let t: TestApp;

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ config: { email: emailTo(mail) } });
});

afterAll(async () => {
  await t?.close();
  await mail?.close();
});

const api = (cookie: string, method: string, url: string, payload?: object) =>
  t.api({ method: method as "GET", url, cookie, payload });

/** Asks for an export, waits for the job, and opens the ZIP. */
async function exportOf(cookie: string) {
  const asked = await api(cookie, "POST", "/api/account/exports");
  expect(asked.statusCode, asked.body).toBe(202);
  await jobsSettled(t.db);
  const [ready] = (await api(cookie, "GET", "/api/account/exports")).json();
  expect(ready.id).toBe(asked.json().id);
  expect(ready.url).toBe(`/api/account/exports/${ready.id}/download`);
  const download = await api(cookie, "GET", ready.url);
  expect(download.statusCode).toBe(200);
  expect(download.headers["content-type"]).toBe("application/zip");
  const files = unzipSync(new Uint8Array(download.rawPayload));
  const json = (name: string) => JSON.parse(new TextDecoder().decode(files[name]));
  return { files, json, id: ready.id as string, url: ready.url as string };
}

async function photo(cookie: string): Promise<string> {
  const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#3a3" } })
    .jpeg()
    .toBuffer();
  const { uploadURL } = (
    await api(cookie, "POST", "/api/objects/upload", { contentLength: bytes.length })
  ).json();
  await t.api({
    method: "PUT",
    url: new URL(uploadURL).pathname,
    cookie,
    payload: bytes,
    headers: { "content-type": "image/jpeg" },
  });
  return (await api(cookie, "PUT", "/api/meal-photos", { photoURL: uploadURL })).json().objectPath;
}

describe("someone else tries", () => {
  it("cannot download another member's export, nor ask for one for them without being an admin", async () => {
    const owner = await buildSignedInUser(t.db, { firstName: "Olive" });
    const stranger = await buildSignedInUser(t.db, { firstName: "Stan" });
    const { url } = await exportOf(owner.cookie);
    expect((await api(stranger.cookie, "GET", url)).statusCode).toBe(404);
    expect((await api(stranger.cookie, "GET", "/api/account/exports")).json()).toEqual([]);
    expect((await api(stranger.cookie, "POST", `/api/admin/users/${owner.user.id}/export`)).statusCode).toBe(
      403,
    );
    expect((await t.api({ url })).statusCode).toBe(401);
    // One a day, for its member too.
    const again = await api(owner.cookie, "POST", "/api/account/exports");
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(86_000);
  });
});

describe("the export", () => {
  it("holds every kind of the member's data, field by field, with their photos, and nothing private of others", async () => {
    const member = await buildSignedInUser(t.db, {
      firstName: "Maya",
      lastName: "Member",
      homeLatitude: 48.1,
      homeLongitude: 11.5,
      homeLabel: "Schwabing",
      allergyCodes: ["peanuts"],
      allergiesOther: "kiwi",
      bio: "I cook on Sundays",
    });
    const other = await buildSignedInUser(t.db, {
      firstName: "Otto",
      lastName: "Private",
      email: "otto.private@example.test",
      // Digits no timestamp's seconds could hold by chance ("…:52.5…" did once).
      homeLatitude: 52.5123456,
      homeLongitude: 13.4123456,
      allergiesOther: "otto-secret-allergy",
    });
    const photoPath = await photo(member.cookie);
    const ownMeal = await buildMeal(t.db, member.user, {
      title: "Maya's dumplings",
      photoPath,
      pickupDetails: "Maya's door, ring twice",
    });
    const request = await buildRequest(t.db, ownMeal, other.user, { status: "accepted", portions: 1 });
    await api(member.cookie, "POST", `/api/requests/${request.id}/messages`, { body: "See you at six" });
    await api(other.cookie, "POST", `/api/requests/${request.id}/messages`, { body: "Great, thanks" });
    // A meal of Otto's Maya asked for and was declined: its private pickup details are not hers.
    const othersMeal = await buildMeal(t.db, other.user, {
      title: "Otto's soup",
      pickupDetails: "otto-secret-door",
    });
    await buildRequest(t.db, othersMeal, member.user, { status: "declined" });
    await t.db.execute(sql`insert into reviews (request_id, meal_id, reviewer_id, reviewee_id, reviewer_role, rating, text)
      values (${request.id}, ${ownMeal.id}, ${member.user.id}, ${other.user.id}, 'feeder', 4, 'Punctual and kind'),
             (${request.id}, ${ownMeal.id}, ${other.user.id}, ${member.user.id}, 'eater', 5, 'Delicious dumplings')`);
    await t.db.execute(sql`insert into reports (reporter_id, target_type, target_id, reason)
      values (${member.user.id}, 'other', 'x', 'A broken link')`);
    await t.db.execute(sql`insert into meal_alerts (user_id, query_text, latitude, longitude, radius_km)
      values (${member.user.id}, 'dumplings', 48.1, 11.5, 2)`);
    await t.db.execute(
      sql`insert into passkeys (id, user_id, name, public_key) values ('maya-key', ${member.user.id}, 'Maya phone', '\\xdeadbeef')`,
    );

    const { files, json } = await exportOf(member.cookie);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        "README.txt",
        "profile.json",
        "home-area.json",
        "allergies.json",
        "meals.json",
        "requests-and-messages.json",
        "reviews-given.json",
        "reviews-received.json",
        "reports-made.json",
        "groups.json",
        "alerts.json",
        "notifications.json",
        "draws-and-fair-use.json",
        "sessions-and-passkeys.json",
        photoPath.replace("/objects/", ""),
      ]),
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(json("profile.json")).toMatchObject({
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      nameShown: "short",
      bio: row.bio,
      emailDelivery: { failuresInARow: 0, stoppedAt: null },
    });
    expect(json("home-area.json")).toEqual({
      latitude: row.homeLatitude,
      longitude: row.homeLongitude,
      radiusKm: row.homeRadiusKm,
      label: row.homeLabel,
    });
    expect(json("allergies.json")).toEqual({
      allergyCodes: row.allergyCodes,
      allergiesOther: row.allergiesOther,
    });
    const [meal] = json("meals.json");
    expect(meal).toMatchObject({
      id: ownMeal.id,
      title: "Maya's dumplings",
      pickupDetails: "Maya's door, ring twice",
    });
    // One shape in every file, as the export's README says: camelCase keys, ISO 8601 UTC date-times.
    for (const [name, bytes] of Object.entries(files)) {
      if (!name.endsWith(".json")) continue;
      const text = Buffer.from(bytes).toString("utf8");
      expect(text, name).not.toMatch(/"[a-z]+_[a-z_]+":/);
      expect(text, name).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      for (const stamp of text.match(/"\d{4}-\d{2}-\d{2}T[^"]*"/g) ?? [])
        expect(stamp, name).toMatch(/^"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z"$/);
    }
    const threads = json("requests-and-messages.json");
    const thread = threads.find((entry: { id: string }) => entry.id === request.id);
    expect(thread).toMatchObject({ yourSide: "feeder", otherSideFirstName: "Otto", status: "accepted" });
    expect(thread.messages.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ["you", "See you at six"],
      ["Otto", "Great, thanks"],
    ]);
    expect(json("reviews-given.json")).toMatchObject([
      { rating: 4, text: "Punctual and kind", about: "Otto" },
    ]);
    expect(json("reviews-received.json")).toMatchObject([
      { rating: 5, text: "Delicious dumplings", from: "Otto" },
    ]);
    expect(json("reports-made.json")).toMatchObject([{ reason: "A broken link" }]);
    expect(json("alerts.json")).toMatchObject([{ query: "dumplings", radiusKm: 2 }]);
    const { sessions, passkeys } = json("sessions-and-passkeys.json");
    expect(sessions.length).toBeGreaterThan(0);
    // Each session with the coarse network it began on, as Settings lists it ("" for a test's own).
    expect(Object.keys(sessions[0])).toContain("network");
    expect(passkeys).toMatchObject([{ name: "Maya phone" }]);
    expect(JSON.stringify(passkeys)).not.toMatch(/deadbeef|public/i);
    const stored = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from photos where user_id = ${member.user.id}`,
    );
    expect(stored[0].n).toBe(1);
    expect((await sharp(Buffer.from(files[photoPath.replace("/objects/", "")])).metadata()).format).toBe(
      "webp",
    );

    // Nothing private of Otto: his email, home, allergies, his meal's pickup details; and not his
    // surname, which Maya only ever read as an initial ("Otto P. sent a message…").
    const everything = Object.values(files)
      .map((bytes) => Buffer.from(bytes).toString("latin1"))
      .join("\n");
    for (const secret of [
      "otto.private@example.test",
      "52.5123456",
      "13.4123456",
      "otto-secret-allergy",
      "otto-secret-door",
    ]) {
      expect(everything).not.toContain(secret);
    }
    const withSurname = Object.entries(files)
      .filter(([, bytes]) => Buffer.from(bytes).toString("latin1").includes("Private"))
      .map(([name]) => name);
    expect(withSurname).toEqual([]);
    // Told in the app and by email.
    const [told] = await mail.waitFor(
      (m) => m.to === member.user.email && m.subject === "Your MealShare data export is ready",
    );
    expect(told.text).toContain(`${t.config.publicUrl}/settings`);
  });

  it("lets an admin make one for a member, which that admin may download too", async () => {
    const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
    const member = await buildSignedInUser(t.db, { firstName: "Asked" });
    const made = await api(admin.cookie, "POST", `/api/admin/users/${member.user.id}/export`);
    expect(made.statusCode, made.body).toBe(202);
    await jobsSettled(t.db);
    const [ready] = (await api(member.cookie, "GET", "/api/account/exports")).json();
    expect((await api(admin.cookie, "GET", ready.url)).statusCode).toBe(200);
    expect((await api(member.cookie, "GET", ready.url)).statusCode).toBe(200);
  });
});
