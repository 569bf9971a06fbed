/**
 * docs/features/notifications.md point 6: an accepted pickup as an `.ics` event, and the private,
 * revocable feed. The iCalendar text is parsed with ical.js, as a calendar app would read it.
 */

import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meals } from "../../src/server/db/schema";
import { buildMeal, buildRequest, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

/** The VEVENTs of an iCalendar text: summary, location, start and end (ISO, UTC), url. */
function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      summary: event.summary,
      location: event.location,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      url: String(component.getFirstPropertyValue("url")),
    };
  });
}

describe("calendar", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function acceptedPickup() {
    const cook = await buildSignedInUser(t.db);
    const eater = await buildSignedInUser(t.db);
    const start = new Date(Date.UTC(2030, 4, 17, 17, 30));
    const end = new Date(Date.UTC(2030, 4, 17, 19, 0));
    const meal = await buildMeal(t.db, cook.user, {
      title: "Lentil dal",
      pickupLocation: "12 Elm Street, side door",
      pickupWindowStart: start,
      pickupWindowEnd: end,
    });
    const request = await buildRequest(t.db, meal, eater.user, { status: "accepted" });
    return { cook, eater, request, start, end };
  }

  it("writes no lone carriage return into an .ics file, even from a title stored before the API refused one", async () => {
    const { cook, eater, request } = await acceptedPickup();
    await t.db
      .update(meals)
      .set({ title: "Dal\rATTENDEE:mailto:evil@example.test", pickupLocation: "Elm St\r\nX-EVIL:1" })
      .where(eq(meals.id, request.mealId));
    for (const who of [eater, cook]) {
      const response = await t.api({ url: `/api/requests/${request.id}/calendar.ics`, cookie: who.cookie });
      expect(response.statusCode).toBe(200);
      // Every CR ends a line (CRLF), as RFC 5545 has it; none stands alone.
      expect(response.body).not.toMatch(/\r(?!\n)/);
      expect(response.body).not.toMatch(/^(ATTENDEE|X-EVIL)/m);
      const [event] = eventsOf(response.body);
      expect(event.summary).toBe("Pickup: Dal ATTENDEE:mailto:evil@example.test");
      expect(event.location).toBe("Elm St  X-EVIL:1");
    }
  });

  it("gives both parties of an accepted request its pickup as an .ics event; others get 404", async () => {
    const { cook, eater, request, start, end } = await acceptedPickup();
    for (const who of [eater, cook]) {
      const response = await t.api({ url: `/api/requests/${request.id}/calendar.ics`, cookie: who.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/calendar/);
      expect(response.headers["content-disposition"]).toMatch(/attachment; filename=".+\.ics"/);
      expect(eventsOf(response.body)).toEqual([
        {
          summary: "Pickup: Lentil dal",
          location: "12 Elm Street, side door",
          start: start.toISOString(),
          end: end.toISOString(),
          url: `${t.config.publicUrl}/request/${request.id}`,
        },
      ]);
    }
    const stranger = await buildSignedInUser(t.db);
    expect(
      (await t.api({ url: `/api/requests/${request.id}/calendar.ics`, cookie: stranger.cookie })).statusCode,
    ).toBe(404);
  });

  it("speaks the request's language in an .ics, and the feed owner's saved language in the feed", async () => {
    const { eater, request } = await acceptedPickup();
    const spanish = await t.api({
      url: `/api/requests/${request.id}/calendar.ics`,
      cookie: eater.cookie,
      headers: { "accept-language": "es" },
    });
    expect(eventsOf(spanish.body)[0].summary).toBe("Recogida: Lentil dal");
    await t.api({ method: "PUT", url: "/api/user/locale", cookie: eater.cookie, payload: { locale: "de" } });
    const url = new URL(
      (await t.api({ method: "PUT", url: "/api/user/calendar", cookie: eater.cookie })).json().url,
    );
    // A calendar app fetches the feed with its own Accept-Language; the owner's choice wins.
    const feed = await t.api({ url: url.pathname, headers: { "accept-language": "en-US" } });
    expect(eventsOf(feed.body)[0].summary).toBe("Abholung: Lentil dal");
  });

  it("has nothing to add for a request that is not accepted (409)", async () => {
    const cook = await buildSignedInUser(t.db);
    const eater = await buildSignedInUser(t.db);
    const request = await buildRequest(t.db, await buildMeal(t.db, cook.user), eater.user);
    const response = await t.api({ url: `/api/requests/${request.id}/calendar.ics`, cookie: eater.cookie });
    expect(response.statusCode).toBe(409);
  });

  it("serves a private feed of accepted pickups without a cookie, until it is reset or turned off", async () => {
    const { eater, start } = await acceptedPickup();
    expect((await t.api({ url: "/api/user/calendar", cookie: eater.cookie })).json()).toEqual({
      enabled: false,
    });
    const on = await t.api({ method: "PUT", url: "/api/user/calendar", cookie: eater.cookie });
    const url = new URL(on.json().url);
    expect(url.pathname).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    const feed = await t.api({ url: url.pathname });
    expect(feed.statusCode).toBe(200);
    expect(eventsOf(feed.body).map((event) => [event.summary, event.start])).toEqual([
      ["Pickup: Lentil dal", start.toISOString()],
    ]);
    // Resetting gives a new link and the old one stops working.
    const reset = new URL(
      (await t.api({ method: "PUT", url: "/api/user/calendar", cookie: eater.cookie })).json().url,
    );
    expect(reset.pathname).not.toBe(url.pathname);
    expect((await t.api({ url: url.pathname })).statusCode).toBe(404);
    expect((await t.api({ url: reset.pathname })).statusCode).toBe(200);
    await t.api({ method: "DELETE", url: "/api/user/calendar", cookie: eater.cookie });
    expect((await t.api({ url: reset.pathname })).statusCode).toBe(404);
    expect((await t.api({ url: "/api/calendar/not-a-token.ics" })).statusCode).toBe(404);
  });

  it("serves an empty feed as a valid calendar", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const url = new URL((await t.api({ method: "PUT", url: "/api/user/calendar", cookie })).json().url);
    const feed = await t.api({ url: url.pathname });
    expect(feed.statusCode).toBe(200);
    expect(eventsOf(feed.body)).toEqual([]);
  });
});
