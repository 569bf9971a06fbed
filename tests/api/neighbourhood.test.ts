/**
 * Neighbourhood first (docs/features/neighbourhood.md): the home area (set, cleared, never shown to
 * others), lists local to it (radius, "Everywhere", nearest or newest first), the map's box, and place
 * search through a local geocoder that speaks Nominatim's and Photon's formats. Each test places its
 * meals and members at a spot of its own, far from the others', so tests sharing a database do not
 * see each other's meals.
 */

import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEAL_COUNT_CAP } from "../../src/contract/meals";
import { queryRows } from "../../src/server/db/client";
import { blocks } from "../../src/server/db/schema";
import { DENSE_WALK } from "../../src/server/features/meals/near";
import { PLACE_SEARCHES_PER_MINUTE } from "../../src/server/features/places/routes";
import { buildMeal, buildRequest, buildSignedInUser, buildUser } from "../factories";
import { type GeocoderFixture, startGeocoderFixture } from "../map-services";
import { createTestApp, type TestApp } from "./harness";

/** About this many degrees of latitude make a kilometre. */
const KM = 1 / 111.2;

let nextSpot = 0;
/** A spot of the southern ocean no other test uses: [latitude, longitude]. */
function spot(): [number, number] {
  nextSpot += 1;
  return [-60 + (nextSpot % 20) * 0.9, -150 + Math.floor(nextSpot / 20) * 2 + (process.pid % 50) * 0.02];
}

const ids = (response: LightMyRequestResponse): string[] =>
  response.json().map((meal: { id: string }) => meal.id);
const nextPage = (response: LightMyRequestResponse) =>
  /<([^>]+)>;\s*rel="next"/.exec(String(response.headers.link ?? ""))?.[1] ?? null;

describe("home area and local lists", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function member(at?: [number, number], radiusKm = 5) {
    const who = await buildSignedInUser(t.db);
    if (at) {
      const set = await t.api({
        method: "PUT",
        url: "/api/user/home-area",
        cookie: who.cookie,
        payload: { latitude: at[0], longitude: at[1], radiusKm },
      });
      expect(set.statusCode).toBe(200);
    }
    return who;
  }

  it("requires a signed-in member to set or clear a home area (401)", async () => {
    const set = await t.api({
      method: "PUT",
      url: "/api/user/home-area",
      payload: { latitude: 1, longitude: 2 },
    });
    expect(set.statusCode).toBe(401);
    expect((await t.api({ method: "DELETE", url: "/api/user/home-area" })).statusCode).toBe(401);
  });

  it("keeps the home area rounded to about 100 m, with its radius and place name, for its owner only", async () => {
    const { user, cookie } = await buildSignedInUser(t.db);
    const set = await t.api({
      method: "PUT",
      url: "/api/user/home-area",
      cookie,
      payload: { latitude: 51.336612, longitude: 12.330491, radiusKm: 10, label: "  Lindenau, Leipzig " },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().homeArea).toEqual({
      latitude: 51.337,
      longitude: 12.33,
      radiusKm: 10,
      label: "Lindenau, Leipzig",
    });
    const [stored] = await queryRows<{ lat: number; lng: number }>(
      t.db,
      sql`select home_latitude as lat, home_longitude as lng from users where id = ${user.id}`,
    );
    expect([Number(stored.lat), Number(stored.lng)]).toEqual([51.337, 12.33]);
    expect((await t.api({ url: "/api/auth/user", cookie })).json().homeArea.radiusKm).toBe(10);

    // Nobody else reads it: not on the profile, a meal, a thread, nor in the admin's views.
    const other = await buildSignedInUser(t.db);
    const meal = await buildMeal(t.db, user, { latitude: 51.34, longitude: 12.33 });
    const request = await buildRequest(t.db, meal, other.user);
    const admin = await buildSignedInUser(t.db, { email: "admin@example.test" });
    const seenByOthers = [
      await t.api({ url: `/api/users/${user.id}`, cookie: other.cookie }),
      await t.api({ url: `/api/meals/${meal.id}`, cookie: other.cookie }),
      await t.api({ url: `/api/requests/${request.id}`, cookie: other.cookie }),
      await t.api({ url: `/api/users/${user.id}/meals`, cookie: other.cookie }),
      await t.api({ url: "/api/admin/stats", cookie: admin.cookie }),
    ];
    for (const response of seenByOthers) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toMatch(/homeArea|home_latitude|homeLatitude|Lindenau|51\.337/);
    }
  });

  it("refuses a point off the earth, a radius not offered, or a missing point (400)", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    for (const payload of [
      { latitude: 91, longitude: 0 },
      { latitude: 10, longitude: 181 },
      { latitude: 10, longitude: 10, radiusKm: 3 },
      { latitude: "10", longitude: 10 },
      { longitude: 10 },
    ]) {
      const response = await t.api({ method: "PUT", url: "/api/user/home-area", cookie, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe("validation_failed");
    }
  });

  it("clears the home area and the alerts drawn around it", async () => {
    const { cookie } = await member(spot());
    expect(
      (await t.api({ method: "POST", url: "/api/alerts", cookie, payload: { q: "soup" } })).statusCode,
    ).toBe(201);
    const cleared = await t.api({ method: "DELETE", url: "/api/user/home-area", cookie });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().homeArea).toBeNull();
    expect((await t.api({ url: "/api/alerts", cookie })).json()).toEqual([]);
    // A local list needs a home area again.
    const local = await t.api({ url: "/api/meals?near=home", cookie });
    expect(local.statusCode).toBe(409);
    expect(local.json().code).toBe("no_home_area");
  });

  it("lists meals within the home area's radius, nearest first, with distances; Everywhere lists them all", async () => {
    const at = spot();
    const { cookie } = await member(at, 5);
    const cook = await buildUser(t.db);
    const word = `loc${nextSpot}x`;
    const near = await buildMeal(t.db, cook, {
      title: `Near ${word}`,
      latitude: at[0] + 1 * KM,
      longitude: at[1],
    });
    const nearer = await buildMeal(t.db, cook, {
      title: `Nearer ${word}`,
      latitude: at[0] + 0.3 * KM,
      longitude: at[1],
    });
    const far = await buildMeal(t.db, cook, {
      title: `Far ${word}`,
      latitude: at[0] + 12 * KM,
      longitude: at[1],
    });
    const nowhere = await buildMeal(t.db, cook, { title: `Nowhere ${word}` });

    const local = await t.api({ url: `/api/meals?near=home&q=${word}`, cookie });
    expect(local.statusCode).toBe(200);
    expect(ids(local)).toEqual([nearer.id, near.id]);
    expect(local.headers["x-total-count"]).toBe("2");
    expect(local.json().map((meal: { distanceKm: number }) => meal.distanceKm)).toEqual([0.3, 1]);

    const wider = await t.api({ url: `/api/meals?near=home&radiusKm=25&q=${word}`, cookie });
    expect(ids(wider)).toEqual([nearer.id, near.id, far.id]);

    // Everywhere: today's list, newest first, with the meal that has no point.
    const everywhere = await t.api({ url: `/api/meals?q=${word}`, cookie });
    expect(new Set(ids(everywhere))).toEqual(new Set([near.id, nearer.id, far.id, nowhere.id]));
    expect(everywhere.json().every((meal: { distanceKm?: number }) => meal.distanceKm === undefined)).toBe(
      true,
    );
  });

  it("lists them newest first with sort=newest, page by page, within the radius", async () => {
    const at = spot();
    const { cookie } = await member(at, 2);
    const cook = await buildUser(t.db);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const meal = await buildMeal(t.db, cook, {
        title: `Batch ${i}`,
        latitude: at[0] + (i % 2 ? 1.5 : 0.2) * KM,
        longitude: at[1],
        createdAt: new Date(Date.now() - (10 - i) * 60_000),
      });
      made.push(meal.id);
    }
    await buildMeal(t.db, cook, { latitude: at[0] + 4 * KM, longitude: at[1] });
    const seen: string[] = [];
    let url: string | null = "/api/meals?near=home&sort=newest&limit=2";
    let first = true;
    while (url) {
      const response = await t.api({ url, cookie });
      expect(response.statusCode).toBe(200);
      if (first) expect(response.headers["x-total-count"]).toBe("5");
      first = false;
      seen.push(...ids(response));
      url = nextPage(response);
    }
    expect(seen).toEqual([...made].reverse());
    // A nearest-first cursor does not fit a newest-first list.
    const nearest = await t.api({ url: "/api/meals?near=home&limit=1", cookie });
    const cursor = new URL(nextPage(nearest)!, "http://x").searchParams.get("cursor");
    const mixed = await t.api({ url: `/api/meals?near=home&sort=newest&cursor=${cursor}`, cookie });
    expect(mixed.statusCode).toBe(400);
  });

  it("walks the newest-first index when more than 1,000 meals lie in the circle, and still keeps to it", async () => {
    const at = spot();
    const { cookie } = await member(at, 5);
    const cook = await buildUser(t.db);
    await queryRows(
      t.db,
      sql`insert into meals (owner_id, title, description, ingredients, kind, portion_size,
            pickup_window_start, pickup_window_end, pickup_location, latitude, longitude, created_at)
          select ${cook.id}, 'Dense ' || n, 'd', 'i', 'free', 1, now() - interval '1 hour', now() + interval '3 hours',
                 'here', ${at[0]}::float8 + (n % 40) * 0.0001, ${at[1]}::float8, now() - n * interval '1 second'
          from generate_series(1, ${MEAL_COUNT_CAP + 5}) as n`,
    );
    const outside = await buildMeal(t.db, cook, { latitude: at[0] + 8 * KM, longitude: at[1] });
    const page = await t.api({ url: "/api/meals?near=home&sort=newest&limit=30", cookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-total-count"]).toBe(String(MEAL_COUNT_CAP));
    expect(page.headers["x-total-relation"]).toBe("gte");
    const titles = page.json().map((meal: { title: string }) => meal.title);
    expect(titles.slice(0, 3)).toEqual(["Dense 1", "Dense 2", "Dense 3"]);
    expect(ids(page)).not.toContain(outside.id);
    const second = await t.api({ url: nextPage(page)!, cookie });
    expect(second.json()[0].title).toBe("Dense 31");
  });

  it("goes on past a dense walk that found nothing in the circle, through the Link header", async () => {
    const at = spot();
    const { cookie } = await member(at, 1);
    const cook = await buildUser(t.db);
    // More than the window in the circle, all older than a walk's worth of meals elsewhere.
    const insert = (count: number, latitude: number, title: string, ageSeconds: string) =>
      queryRows(
        t.db,
        sql`insert into meals (owner_id, title, description, ingredients, kind, portion_size,
              pickup_window_start, pickup_window_end, pickup_location, latitude, longitude, created_at)
            select ${cook.id}, ${title} || n, 'd', 'i', 'free', 1, now() - interval '1 hour', now() + interval '3 hours',
                   'here', ${latitude}::float8, ${at[1]}::float8, now() - (${sql.raw(ageSeconds)}) * interval '1 second'
            from generate_series(1, ${count}) as n`,
      );
    await insert(MEAL_COUNT_CAP + 5, at[0], "Circle ", "100000 + n");
    await insert(DENSE_WALK + 20, at[0] + 0.5, "Elsewhere ", "n");
    const first = await t.api({ url: "/api/meals?near=home&sort=newest&limit=5", cookie });
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-total-relation"]).toBe("gte");
    expect(ids(first)).toEqual([]);
    const next = nextPage(first);
    expect(next).not.toBeNull();
    const second = await t.api({ url: next!, cookie });
    expect(second.json().map((meal: { title: string }) => meal.title)).toEqual([
      "Circle 1",
      "Circle 2",
      "Circle 3",
      "Circle 4",
      "Circle 5",
    ]);
  });

  it("answers 409 for a local list without a home area, and 400 for a bad near or sort", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const response = await t.api({ url: "/api/meals?near=home", cookie });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "no_home_area", message: "Set your home area first." });
    expect((await t.api({ url: "/api/meals?near=homes", cookie })).statusCode).toBe(400);
    expect((await t.api({ url: "/api/meals?near=home&sort=oldest", cookie })).statusCode).toBe(400);
  });
});

describe("the map's box", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const bbox = (at: [number, number], halfKm: number) =>
    [at[1] - halfKm * KM * 1.6, at[0] - halfKm * KM, at[1] + halfKm * KM * 1.6, at[0] + halfKm * KM].join(
      ",",
    );

  it("requires sign-in (401) and a box west,south,east,north (400)", async () => {
    expect((await t.api({ url: "/api/meals/map?bbox=0,0,1,1" })).statusCode).toBe(401);
    const { cookie } = await buildSignedInUser(t.db);
    for (const box of ["", "1,2,3", "2,0,1,1", "0,1,1,0", "-181,0,1,1", "0,0,1,91", "a,b,c,d"]) {
      const response = await t.api({ url: `/api/meals/map?bbox=${box}`, cookie });
      expect(response.statusCode, box).toBe(400);
    }
  });

  it("returns exactly the open meals in the box that pass the filters", async () => {
    const at = spot();
    const viewer = await buildSignedInUser(t.db);
    const cook = await buildUser(t.db);
    const blocked = await buildUser(t.db);
    await t.db.insert(blocks).values({ blockerId: viewer.user.id, blockedId: blocked.id });
    const inside = [
      await buildMeal(t.db, cook, { title: "Box soup", latitude: at[0], longitude: at[1] }),
      await buildMeal(t.db, cook, {
        title: "Box stew",
        latitude: at[0] + 0.9 * KM,
        longitude: at[1] - 1.4 * KM,
      }),
      await buildMeal(t.db, cook, {
        title: "Box pie",
        kind: "paid",
        priceCents: 450,
        latitude: at[0] - 0.8 * KM,
        longitude: at[1] + 1.2 * KM,
      }),
    ];
    await buildMeal(t.db, cook, { title: "Outside soup", latitude: at[0] + 1.5 * KM, longitude: at[1] });
    await buildMeal(t.db, cook, { title: "Closed soup", latitude: at[0], longitude: at[1], isActive: false });
    await buildMeal(t.db, blocked, { title: "Blocked soup", latitude: at[0], longitude: at[1] });
    await buildMeal(t.db, cook, { title: "Nowhere soup" });

    const map = await t.api({ url: `/api/meals/map?bbox=${bbox(at, 1)}`, cookie: viewer.cookie });
    expect(map.statusCode).toBe(200);
    const body = map.json();
    expect(body.more).toBe(false);
    expect(new Set(body.meals.map((meal: { id: string }) => meal.id))).toEqual(
      new Set(inside.map((meal) => meal.id)),
    );
    expect(body.meals[0]).toEqual({
      id: inside[0].id,
      title: "Box soup",
      kind: "free",
      priceCents: null,
      portionsLeft: 2,
      latitude: at[0],
      longitude: at[1],
      // Shared with everyone: no group to mark it with (docs/features/groups.md point 3).
      group: null,
    });

    const soups = await t.api({ url: `/api/meals/map?bbox=${bbox(at, 1)}&q=soup`, cookie: viewer.cookie });
    expect(soups.json().meals.map((meal: { title: string }) => meal.title)).toEqual(["Box soup"]);
    const paid = await t.api({ url: `/api/meals/map?bbox=${bbox(at, 1)}&kind=paid`, cookie: viewer.cookie });
    expect(paid.json().meals.map((meal: { title: string }) => meal.title)).toEqual(["Box pie"]);
    const limited = await t.api({ url: `/api/meals/map?bbox=${bbox(at, 1)}&limit=2`, cookie: viewer.cookie });
    expect(limited.json().meals).toHaveLength(2);
    expect(limited.json().more).toBe(true);
  });
});

describe("place search", () => {
  let geocoder: GeocoderFixture;
  let t: TestApp;
  let photon: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    geocoder = await startGeocoderFixture();
    t = await createTestApp({
      env: {
        GEOCODER_URL: geocoder.url,
        GEOCODER_MIN_INTERVAL_MS: "0",
        PUBLIC_URL: "https://meals.example.org",
      },
    });
    photon = await createTestApp({
      env: { GEOCODER_URL: geocoder.url, GEOCODER_API: "photon", GEOCODER_MIN_INTERVAL_MS: "0" },
    });
    off = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all([t.close(), photon.close(), off.close()]);
    await geocoder.close();
  });

  it("requires sign-in (401), and answers 404 where no geocoder is set up", async () => {
    expect((await t.api({ url: "/api/places?q=Lindenau" })).statusCode).toBe(401);
    const { cookie } = await buildSignedInUser(off.db);
    const response = await off.api({ url: "/api/places?q=Lindenau", cookie });
    expect(response.statusCode).toBe(404);
    expect((await off.api({ url: "/api/deployment" })).json().placeSearch).toBe(false);
    expect((await t.api({ url: "/api/deployment" })).json().placeSearch).toBe(true);
  });

  it("asks the Nominatim API in the reader's language, naming the deployment, and rounds the points", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const response = await t.api({
      url: "/api/places?q=Karl-Heine-Stra%C3%9Fe 12",
      cookie,
      headers: { "accept-language": "de" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        label: "Karl-Heine-Straße 12, Plagwitz, Leipzig, Germany",
        area: "Plagwitz, Leipzig",
        latitude: 51.334,
        longitude: 12.338,
      },
    ]);
    const asked = geocoder.requests.at(-1)!;
    expect(asked.path).toBe("/search");
    expect(asked.query.get("format")).toBe("jsonv2");
    expect(asked.acceptLanguage).toBe("de");
    expect(asked.userAgent).toContain("https://meals.example.org");
  });

  it("answers a repeated search from its cache", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const before = geocoder.requests.length;
    const first = await t.api({ url: "/api/places?q=Gohlis", cookie });
    const again = await t.api({ url: "/api/places?q=%20gohlis%20", cookie });
    expect(again.json()).toEqual(first.json());
    expect(geocoder.requests.length).toBe(before + 1);
  });

  it("speaks Photon's format too", async () => {
    const { cookie } = await buildSignedInUser(photon.db);
    const response = await photon.api({ url: "/api/places?q=Connewitz", cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        label: "Connewitz, Leipzig, Germany",
        area: "Connewitz, Leipzig",
        latitude: 51.304,
        longitude: 12.386,
      },
    ]);
    expect(geocoder.requests.at(-1)!.path).toBe("/api");
  });

  it("remembers a searched place by its own name and town, a house address by its district only", async () => {
    for (const app of [t, photon]) {
      const { cookie } = await buildSignedInUser(app.db);
      const street = await app.api({ url: "/api/places?q=Rue Oberkampf", cookie });
      expect(street.statusCode).toBe(200);
      expect(street.json()).toEqual([expect.objectContaining({ area: "Rue Oberkampf, Paris" })]);
      const house = await app.api({ url: "/api/places?q=Karl-Heine-Stra%C3%9Fe 12", cookie });
      expect(house.json()).toEqual([expect.objectContaining({ area: "Plagwitz, Leipzig" })]);
      expect(house.json()[0].area).not.toMatch(/Karl|12/);
    }
  });

  it("names a place once where the geocoder names its city two or three times", async () => {
    for (const app of [t, photon]) {
      const { cookie } = await buildSignedInUser(app.db);
      const [found] = (await app.api({ url: "/api/places?q=12 Rue de Rivoli", cookie })).json();
      expect(found.area).toBe("Paris");
      expect(found.label).not.toMatch(/Paris, Paris/);
      expect(found.label).toContain("Rue de Rivoli");
    }
  });

  it("says so when the geocoder fails (503), and refuses a search of one letter (400)", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    geocoder.failWith(502);
    try {
      const failed = await t.api({ url: "/api/places?q=Plagwitz", cookie });
      expect(failed.statusCode).toBe(503);
      expect(failed.json().code).toBe("place_search_failed");
    } finally {
      geocoder.failWith(null);
    }
    expect((await t.api({ url: "/api/places?q=P", cookie })).statusCode).toBe(400);
  });

  it("serves members in turn: one member's burst of searches slows only that member", async () => {
    // The public Nominatim's pace: one request a second per instance.
    const paced = await createTestApp({
      env: { GEOCODER_URL: geocoder.url, GEOCODER_MIN_INTERVAL_MS: "1000" },
    });
    try {
      const hasty = await buildSignedInUser(paced.db);
      const other = await buildSignedInUser(paced.db);
      const burst = Array.from({ length: 19 }, (_, i) =>
        paced.api({ url: `/api/places?q=Plagwitz ${i}`, cookie: hasty.cookie }),
      );
      const mine = await paced.api({ url: "/api/places?q=Connewitz", cookie: other.cookie });
      expect(mine.statusCode).toBe(200);
      const statuses = (await Promise.all(burst)).map((response) => response.statusCode);
      // The member holds one place in line: each newer search of theirs replaced the one waiting
      // (409); the one asked at once, if any, and the last to arrive were answered; nobody was told
      // the service is busy (503).
      const answered = statuses.filter((status) => status === 200).length;
      expect(answered).toBeGreaterThanOrEqual(1);
      expect(answered).toBeLessThanOrEqual(2);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19 - answered);
    } finally {
      await paced.close();
    }
  });

  it("asks once for a text several members search at the same time", async () => {
    const paced = await createTestApp({
      env: { GEOCODER_URL: geocoder.url, GEOCODER_MIN_INTERVAL_MS: "200" },
    });
    try {
      const members = await Promise.all([1, 2, 3].map(() => buildSignedInUser(paced.db)));
      const before = geocoder.requests.length;
      const answers = await Promise.all(
        members.map(({ cookie }) => paced.api({ url: "/api/places?q=Schleussig", cookie })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(geocoder.requests.length).toBe(before + 1);
    } finally {
      await paced.close();
    }
  });

  it("limits each member's searches (429)", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const statuses: number[] = [];
    for (let i = 0; i <= PLACE_SEARCHES_PER_MINUTE; i++) {
      statuses.push((await t.api({ url: `/api/places?q=Lindenau ${i}`, cookie })).statusCode);
    }
    expect(statuses.slice(0, PLACE_SEARCHES_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("map tiles", () => {
  it("are allowed by the CSP from exactly the configured host", async () => {
    const t = await createTestApp({ env: { MAP_TILE_URL: "https://{s}.tiles.example.org/{z}/{x}/{y}.png" } });
    try {
      const response = await t.api({ url: "/api/deployment" });
      const imgSrc = String(response.headers["content-security-policy"])
        .split(";")
        .find((directive) => directive.trim().startsWith("img-src"));
      expect(imgSrc?.trim()).toBe("img-src 'self' data: blob: https://*.tiles.example.org");
      expect(response.json().map.tileUrl).toBe("https://{s}.tiles.example.org/{z}/{x}/{y}.png");
    } finally {
      await t.close();
    }
  });
});
