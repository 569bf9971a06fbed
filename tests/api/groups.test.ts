/**
 * Groups (docs/features/groups.md): each join rule, hidden groups, members-only meals kept from
 * everyone outside the group on every surface, "a group first, everyone after N hours" opened once
 * across two instances, rules accepted again after a change, a group never ownerless, and the
 * "someone else tries" cases of every group endpoint.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, queryRows } from "../../src/server/db/client";
import { groupInvites, meals } from "../../src/server/db/schema";
import { openGroupFirstMeal } from "../../src/server/features/posting/opening";
import { buildSignedInUser, hoursFromNow } from "../factories";
import { createTestApp, jobsSettled, openSecondDatabase, type TestApp, testDatabaseKind } from "./harness";

/** A spot of the South Atlantic no other test uses: [latitude, longitude]. */
const HERE: [number, number] = [-41.3, -23.7 + (process.pid % 50) * 0.01];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof buildSignedInUser>>;

async function createGroup(owner: Member, payload: object = {}) {
  const response = await t.api({
    method: "POST",
    url: "/api/groups",
    cookie: owner.cookie,
    payload: { name: "Elm Street 12", rules: "Label what you share.", ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; rulesVersion: number };
}

async function join(member: Member, groupId: string, rulesVersion = 1) {
  return t.api({
    method: "POST",
    url: `/api/groups/${groupId}/join`,
    cookie: member.cookie,
    payload: { rulesVersion },
  });
}

/** Posts a meal through the API, as the form does, shared as `audience` says. */
async function postMeal(cook: Member, audience: object = {}, title = "Vegetable lasagne") {
  const response = await t.api({
    method: "POST",
    url: "/api/meals",
    cookie: cook.cookie,
    payload: {
      title,
      description: "A big tray.",
      kind: "free",
      priceCents: null,
      portionSize: 4,
      ingredients: "pasta, tomato, courgette",
      allergenCodes: ["gluten"],
      pickupLocation: "Front door",
      pickupWindowStart: hoursFromNow(1),
      pickupWindowEnd: hoursFromNow(3),
      deliveryAvailable: false,
      latitude: HERE[0],
      longitude: HERE[1],
      ...audience,
    },
  });
  return response;
}

async function withHome(member: Member) {
  const set = await t.api({
    method: "PUT",
    url: "/api/user/home-area",
    cookie: member.cookie,
    payload: { latitude: HERE[0], longitude: HERE[1], radiusKm: 5 },
  });
  expect(set.statusCode).toBe(200);
}

const ids = (response: { json: () => unknown }) => (response.json() as { id: string }[]).map((row) => row.id);

describe("joining", () => {
  it("open: anyone signed in joins, accepting the current rules; an old version is refused (409)", async () => {
    const owner = await buildSignedInUser(t.db);
    const group = await createGroup(owner);
    const neighbour = await buildSignedInUser(t.db);
    expect((await join(neighbour, group.id, 0)).statusCode).toBe(400);
    expect((await join(neighbour, group.id, 2)).json().code).toBe("rules_changed");
    const joined = await join(neighbour, group.id);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({
      memberCount: 2,
      membership: { role: "newcomer", rulesAccepted: true },
      welcome: "",
    });
    expect((await join(neighbour, group.id)).json().code).toBe("already_member");
    const members = await t.api({ url: `/api/groups/${group.id}/members`, cookie: neighbour.cookie });
    expect(members.json().map((member: { role: string }) => member.role)).toEqual(["owner", "newcomer"]);
  });

  it("by application: the answers reach the owner, who approves with a message; a decline is told too", async () => {
    const owner = await buildSignedInUser(t.db);
    const group = await createGroup(owner, {
      joinRule: "application",
      questions: ["Which flat?", "How did you hear of us?"],
    });
    const applicant = await buildSignedInUser(t.db);
    expect((await join(applicant, group.id)).json().code).toBe("apply_instead");
    const short = await t.api({
      method: "POST",
      url: `/api/groups/${group.id}/applications`,
      cookie: applicant.cookie,
      payload: { answers: ["3B"], rulesVersion: 1 },
    });
    expect(short.statusCode).toBe(400);
    const applied = await t.api({
      method: "POST",
      url: `/api/groups/${group.id}/applications`,
      cookie: applicant.cookie,
      payload: { answers: ["3B", "The notice board"], rulesVersion: 1 },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    // The applicant cannot read the queue; the owner reads each question with its answer.
    expect(
      (await t.api({ url: `/api/groups/${group.id}/applications`, cookie: applicant.cookie })).statusCode,
    ).toBe(403);
    const queue = await t.api({ url: `/api/groups/${group.id}/applications`, cookie: owner.cookie });
    expect(queue.json()).toEqual([
      expect.objectContaining({
        id: applied.json().id,
        user: expect.objectContaining({ id: applicant.user.id }),
        answers: [
          { question: "Which flat?", answer: "3B" },
          { question: "How did you hear of us?", answer: "The notice board" },
        ],
      }),
    ]);
    const decided = await t.api({
      method: "PUT",
      url: `/api/groups/${group.id}/applications/${applied.json().id}`,
      cookie: owner.cookie,
      payload: { decision: "approve", message: "See you at the bins" },
    });
    expect(decided.statusCode).toBe(200);
    const page = await t.api({ url: `/api/groups/${group.id}`, cookie: applicant.cookie });
    expect(page.json().membership).toEqual({ role: "newcomer", rulesAccepted: true });
    const told = await queryRows<{ text: string }>(
      t.db,
      sql`select text from notifications where user_id = ${applicant.user.id} and type = 'group'`,
    );
    expect(told.map((row) => row.text)).toEqual([
      expect.stringContaining("your application was approved. See you at the bins"),
    ]);

    const other = await buildSignedInUser(t.db);
    const second = await t.api({
      method: "POST",
      url: `/api/groups/${group.id}/applications`,
      cookie: other.cookie,
      payload: { answers: ["1A", "A friend"], rulesVersion: 1 },
    });
    await t.api({
      method: "PUT",
      url: `/api/groups/${group.id}/applications/${second.json().id}`,
      cookie: owner.cookie,
      payload: { decision: "decline", message: "Only for residents" },
    });
    expect(
      (await t.api({ url: `/api/groups/${group.id}`, cookie: other.cookie })).json().membership,
    ).toBeNull();
  });

  it("by invite link: shown once, joins with the rules; an expired or revoked link answers 410", async () => {
    const owner = await buildSignedInUser(t.db);
    const group = await createGroup(owner, { joinRule: "invite", visibility: "hidden" });
    const made = await t.api({
      method: "POST",
      url: `/api/groups/${group.id}/invites`,
      cookie: owner.cookie,
      payload: { days: 7 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = new URL(made.json().url).pathname.split("/").pop()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Kept only as its hash, and never listed again.
    const stored = await t.db.select().from(groupInvites).where(sql`${groupInvites.groupId} = ${group.id}`);
    expect(JSON.stringify(stored)).not.toContain(token);
    const listed = await t.api({ url: `/api/groups/${group.id}/invites`, cookie: owner.cookie });
    expect(listed.json()).toEqual([expect.objectContaining({ url: null, revoked: false })]);

    const neighbour = await buildSignedInUser(t.db);
    expect((await join(neighbour, group.id)).statusCode).toBe(404);
    const preview = await t.api({ url: `/api/invites/${token}`, cookie: neighbour.cookie });
    expect(preview.json()).toMatchObject({
      group: { id: group.id, rules: "Label what you share.", rulesVersion: 1 },
      alreadyMember: false,
    });
    const accepted = await t.api({
      method: "POST",
      url: `/api/invites/${token}/accept`,
      cookie: neighbour.cookie,
      payload: { rulesVersion: 1 },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await t.api({ url: `/api/groups/${group.id}`, cookie: neighbour.cookie })).statusCode).toBe(200);

    // Expired.
    await t.db.update(groupInvites).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await buildSignedInUser(t.db);
    expect((await t.api({ url: `/api/invites/${token}`, cookie: late.cookie })).statusCode).toBe(410);
    // Revoked.
    const fresh = await t.api({
      method: "POST",
      url: `/api/groups/${group.id}/invites`,
      cookie: owner.cookie,
      payload: { days: 1 },
    });
    const freshToken = new URL(fresh.json().url).pathname.split("/").pop()!;
    expect(
      (
        await t.api({
          method: "DELETE",
          url: `/api/groups/${group.id}/invites/${fresh.json().id}`,
          cookie: owner.cookie,
        })
      ).statusCode,
    ).toBe(200);
    const revoked = await t.api({
      method: "POST",
      url: `/api/invites/${freshToken}/accept`,
      cookie: late.cookie,
      payload: { rulesVersion: 1 },
    });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().code).toBe("invite_expired");
    expect((await t.api({ url: `/api/invites/${"B".repeat(32)}`, cookie: late.cookie })).statusCode).toBe(
      404,
    );
  });

  it("by email domain: only with a verified address at that domain", async () => {
    const owner = await buildSignedInUser(t.db);
    const group = await createGroup(owner, { joinRule: "email_domain", emailDomain: "Acme.example" });
    const unverified = await buildSignedInUser(t.db, {
      email: `u${Date.now()}@acme.example`,
      emailVerified: false,
    });
    const elsewhere = await buildSignedInUser(t.db, {
      email: `e${Date.now()}@other.example`,
      emailVerified: true,
    });
    const lookalike = await buildSignedInUser(t.db, {
      email: `l${Date.now()}@notacme.example`,
      emailVerified: true,
    });
    const colleague = await buildSignedInUser(t.db, {
      email: `c${Date.now()}@ACME.example`,
      emailVerified: true,
    });
    expect((await join(unverified, group.id)).statusCode).toBe(403);
    expect((await join(elsewhere, group.id)).statusCode).toBe(403);
    expect((await join(lookalike, group.id)).statusCode).toBe(403);
    expect((await join(colleague, group.id)).statusCode).toBe(200);
  });
});

describe("hidden groups", () => {
  it("are never listed, searched or shown to non-members: their page is 404; members find them under mine", async () => {
    const owner = await buildSignedInUser(t.db);
    const word = `zq${process.pid}${Date.now() % 100000}`;
    const hidden = await createGroup(owner, {
      name: `Hidden ${word}`,
      visibility: "hidden",
      joinRule: "invite",
    });
    const listed = await createGroup(owner, { name: `Listed ${word}` });
    const stranger = await buildSignedInUser(t.db);
    const search = await t.api({ url: `/api/groups?q=${word}`, cookie: stranger.cookie });
    expect(ids(search)).toEqual([listed.id]);
    expect(ids(await t.api({ url: "/api/groups?limit=100", cookie: stranger.cookie }))).not.toContain(
      hidden.id,
    );
    for (const path of ["", "/members", "/meals", "/applications", "/invites", "/reports"]) {
      expect(
        (await t.api({ url: `/api/groups/${hidden.id}${path}`, cookie: stranger.cookie })).statusCode,
      ).toBe(404);
    }
    expect((await join(stranger, hidden.id)).statusCode).toBe(404);
    expect(ids(await t.api({ url: "/api/groups?mine=true", cookie: owner.cookie }))).toEqual([
      listed.id,
      hidden.id,
    ]);
    // A prefix finds it too, and words of its description.
    expect(ids(await t.api({ url: `/api/groups?q=${word.slice(0, 5)}`, cookie: stranger.cookie }))).toContain(
      listed.id,
    );
  });
});

describe("members-only meals", () => {
  it("are absent for a non-member in every list, search, map box, profile, alert and direct read, and requestable only by members", async () => {
    const cook = await buildSignedInUser(t.db);
    await withHome(cook);
    const group = await createGroup(cook);
    const member = await buildSignedInUser(t.db);
    await withHome(member);
    expect((await join(member, group.id)).statusCode).toBe(200);
    const outsider = await buildSignedInUser(t.db);
    await withHome(outsider);
    const otherGroupMember = await buildSignedInUser(t.db);
    await withHome(otherGroupMember);
    const other = await createGroup(otherGroupMember, { name: "Another building" });
    for (const who of [member, outsider, otherGroupMember]) {
      const alert = await t.api({ method: "POST", url: "/api/alerts", cookie: who.cookie, payload: {} });
      expect(alert.statusCode, alert.body).toBe(201);
    }

    // Only a group of one's own.
    expect((await postMeal(outsider, { groupId: group.id })).statusCode).toBe(400);
    expect((await postMeal(otherGroupMember, { groupId: group.id })).statusCode).toBe(400);
    const word = `quince${process.pid}`;
    const posted = await postMeal(cook, { groupId: group.id }, `Members ${word} tart`);
    expect(posted.statusCode, posted.body).toBe(201);
    const meal = posted.json();
    expect(meal).toMatchObject({
      membersOnly: true,
      opensAt: null,
      group: { id: group.id, name: "Elm Street 12" },
    });
    await jobsSettled(t.db);

    const bbox = `${HERE[1] - 0.05},${HERE[0] - 0.05},${HERE[1] + 0.05},${HERE[0] + 0.05}`;
    const surfaces = [
      "/api/meals?limit=100",
      `/api/meals?q=${word}`,
      `/api/meals?near=${HERE[0]},${HERE[1]}&radiusKm=5`,
      "/api/meals?near=home&radiusKm=5",
      `/api/meals/map?bbox=${bbox}`,
      `/api/users/${cook.user.id}/meals`,
      `/api/groups/${group.id}/meals`,
    ];
    const seen = async (who: Member, url: string) => {
      const response = await t.api({ url, cookie: who.cookie });
      if (url.startsWith(`/api/groups/${group.id}`) && response.statusCode !== 200) return false;
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      const body = response.json();
      const rows: { id: string; group?: unknown }[] = Array.isArray(body) ? body : body.meals;
      return rows.some((row) => row.id === meal.id);
    };
    for (const url of surfaces) {
      expect(await seen(member, url), url).toBe(true);
      expect(await seen(outsider, url), url).toBe(false);
      expect(await seen(otherGroupMember, url), url).toBe(false);
    }
    // Marked with the group's name on the map.
    const map = await t.api({ url: `/api/meals/map?bbox=${bbox}`, cookie: member.cookie });
    expect(map.json().meals.find((row: { id: string }) => row.id === meal.id).group).toEqual({
      id: group.id,
      name: "Elm Street 12",
    });
    // The direct read, the shared-link preview.
    expect((await t.api({ url: `/api/meals/${meal.id}`, cookie: member.cookie })).statusCode).toBe(200);
    for (const who of [outsider, otherGroupMember]) {
      expect((await t.api({ url: `/api/meals/${meal.id}`, cookie: who.cookie })).statusCode).toBe(404);
    }
    expect((await t.api({ url: `/api/meals/${meal.id}/preview` })).statusCode).toBe(404);
    // Alerts: the member hears of it, nobody else.
    const alerted = await queryRows<{ userId: string }>(
      t.db,
      sql`select user_id as "userId" from alert_matches where meal_id = ${meal.id}`,
    );
    expect(alerted.map((row) => row.userId)).toEqual([member.user.id]);

    // Requests and the waiting list: members only; outsiders are answered as if it did not exist.
    for (const who of [outsider, otherGroupMember]) {
      const asked = await t.api({
        method: "POST",
        url: "/api/requests",
        cookie: who.cookie,
        payload: { mealId: meal.id, message: "Hello", portions: 1 },
      });
      expect(asked.statusCode).toBe(404);
      const waited = await t.api({
        method: "POST",
        url: `/api/meals/${meal.id}/waitlist`,
        cookie: who.cookie,
        payload: { portions: 1 },
      });
      expect(waited.statusCode).toBe(404);
      const reported = await t.api({
        method: "POST",
        url: "/api/reports",
        cookie: who.cookie,
        payload: { targetType: "meal", targetId: meal.id, reason: "Looks off" },
      });
      expect(reported.statusCode).toBe(404);
    }
    const asked = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: member.cookie,
      payload: { mealId: meal.id, message: "Hello", portions: 1 },
    });
    expect(asked.statusCode, asked.body).toBe(201);

    // The public totals do not count it.
    const impact = await t.api({ url: "/api/impact" });
    const before = impact.json().mealsShared;
    await postMeal(cook, { groupId: other.id }).then((response) => expect(response.statusCode).toBe(400));
    await postMeal(cook, { groupId: group.id });
    expect((await t.api({ url: "/api/impact" })).json().mealsShared).toBe(before);

    // Removed from the group, the member loses it everywhere.
    const removed = await t.api({
      method: "POST",
      url: `/api/groups/${group.id}/members/${member.user.id}/removal`,
      cookie: cook.cookie,
      payload: { reason: "Moved out" },
    });
    expect(removed.statusCode).toBe(200);
    expect(await seen(member, "/api/meals?limit=100")).toBe(false);
    expect((await t.api({ url: `/api/meals/${meal.id}`, cookie: member.cookie })).statusCode).toBe(404);
    expect((await join(member, group.id)).statusCode).toBe(403);
    const told = await queryRows<{ text: string }>(
      t.db,
      sql`select text from notifications where user_id = ${member.user.id} and type = 'group'`,
    );
    expect(told.map((row) => row.text)).toContain("You were removed from Elm Street 12: Moved out");
  });

  it("keep newcomers out where the group says so, until their first completed pickup in the group", async () => {
    const cook = await buildSignedInUser(t.db);
    const group = await createGroup(cook, { newcomersMayRequest: false });
    const newcomer = await buildSignedInUser(t.db);
    await join(newcomer, group.id);
    const meal = (await postMeal(cook, { groupId: group.id })).json();
    const ask = () =>
      t.api({
        method: "POST",
        url: "/api/requests",
        cookie: newcomer.cookie,
        payload: { mealId: meal.id, message: "Hello", portions: 1 },
      });
    expect((await ask()).statusCode).toBe(403);
    // An open meal shared with the group (everyone sees it) counts as a pickup in the group.
    const open = (await postMeal(cook, { groupId: group.id, everyoneAfterHours: 1 })).json();
    await t.db.update(meals).set({ membersOnly: false, opensAt: null }).where(sql`${meals.id} = ${open.id}`);
    const request = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: newcomer.cookie,
      payload: { mealId: open.id, message: "Hello", portions: 1 },
    });
    expect(request.statusCode, request.body).toBe(201);
    const completed = await t.api({
      method: "PUT",
      url: `/api/requests/${request.json().id}/status`,
      cookie: cook.cookie,
      payload: { status: "completed" },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    // The cook's "completed" accepts it; the pickup is complete when the eater confirms too.
    expect(
      (await t.api({ url: `/api/groups/${group.id}`, cookie: newcomer.cookie })).json().membership.role,
    ).toBe("newcomer");
    const confirmed = await t.api({
      method: "PUT",
      url: `/api/requests/${request.json().id}/status`,
      cookie: newcomer.cookie,
      payload: { status: "completed" },
    });
    expect(confirmed.json().status, confirmed.body).toBe("completed");
    const page = await t.api({ url: `/api/groups/${group.id}`, cookie: newcomer.cookie });
    expect(page.json().membership.role).toBe("member");
    expect((await ask()).statusCode).toBe(201);
  });
});

describe("a group first, everyone after N hours", () => {
  let b: TestApp;
  let second: Database | undefined;
  beforeAll(async () => {
    if (testDatabaseKind() === "postgres") {
      second = await openSecondDatabase(t.database.url!);
      b = await createTestApp({ database: second });
    } else {
      b = t;
    }
  });
  afterAll(async () => {
    if (b !== t) await b.close();
    await second?.close();
  });

  it("opens exactly once across two instances, and then reaches everyone's alerts", async () => {
    const cook = await buildSignedInUser(t.db);
    await withHome(cook);
    const group = await createGroup(cook);
    const outsider = await buildSignedInUser(t.db);
    await withHome(outsider);
    await t.api({ method: "POST", url: "/api/alerts", cookie: outsider.cookie, payload: { q: "plum" } });
    const posted = await postMeal(cook, { groupId: group.id, everyoneAfterHours: 2 }, "Plum crumble");
    expect(posted.statusCode, posted.body).toBe(201);
    const meal = posted.json();
    expect(meal.membersOnly).toBe(true);
    expect(new Date(meal.opensAt).getTime() - Date.now()).toBeGreaterThan(119 * 60_000);
    // Not yet: the job, run early, opens nothing.
    expect(await openGroupFirstMeal(t.db, { mealId: meal.id })).toBe(false);
    expect((await t.api({ url: `/api/meals/${meal.id}`, cookie: outsider.cookie })).statusCode).toBe(404);

    // Its hour comes; both instances run the job at once.
    await t.db
      .update(meals)
      .set({ opensAt: new Date(Date.now() - 1000) })
      .where(sql`${meals.id} = ${meal.id}`);
    const runs = await Promise.all([
      openGroupFirstMeal(t.db, { mealId: meal.id }),
      openGroupFirstMeal(b.db, { mealId: meal.id }),
    ]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    await jobsSettled(t.db);
    const read = await t.api({ url: `/api/meals/${meal.id}`, cookie: outsider.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ membersOnly: false, opensAt: null });
    const alerts = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from notifications where user_id = ${outsider.user.id} and type = 'meal_alert'`,
    );
    expect(Number(alerts[0].n)).toBe(1);
    // Again: nothing more.
    expect(await openGroupFirstMeal(b.db, { mealId: meal.id })).toBe(false);
  });

  it("is refused without a group (400)", async () => {
    const cook = await buildSignedInUser(t.db);
    expect((await postMeal(cook, { everyoneAfterHours: 2 })).statusCode).toBe(400);
  });
});

describe("rules and ownership", () => {
  it("new rules are accepted again before a member asks for or shares the group's meals", async () => {
    const owner = await buildSignedInUser(t.db);
    const group = await createGroup(owner);
    const member = await buildSignedInUser(t.db);
    await join(member, group.id);
    const meal = (await postMeal(owner, { groupId: group.id })).json();
    const changed = await t.api({
      method: "PUT",
      url: `/api/groups/${group.id}`,
      cookie: owner.cookie,
      payload: { rules: "Label what you share. Bring back the containers." },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ rulesVersion: 2, membership: { rulesAccepted: true } });
    const page = await t.api({ url: `/api/groups/${group.id}`, cookie: member.cookie });
    expect(page.json().membership).toEqual({ role: "newcomer", rulesAccepted: false });
    const asked = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: member.cookie,
      payload: { mealId: meal.id, message: "Hello", portions: 1 },
    });
    expect(asked.json().code).toBe("rules_changed");
    expect((await postMeal(member, { groupId: group.id })).json().code).toBe("rules_changed");
    const accepted = await t.api({
      method: "POST",
      url: `/api/groups/${group.id}/rules/accept`,
      cookie: member.cookie,
      payload: { rulesVersion: 2 },
    });
    expect(accepted.json().membership.rulesAccepted).toBe(true);
    expect((await postMeal(member, { groupId: group.id })).statusCode).toBe(201);
    const told = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from notifications where user_id = ${member.user.id} and type = 'group'`,
    );
    expect(Number(told[0].n)).toBe(1);
  });

  it("sends each member's abilities as the endpoints decide them: a refusal there is the endpoint's answer", async () => {
    const owner = await buildSignedInUser(t.db);
    const group = await createGroup(owner);
    const [moderator, member] = [await buildSignedInUser(t.db), await buildSignedInUser(t.db)];
    await join(moderator, group.id);
    await join(member, group.id);
    await t.api({
      method: "PUT",
      url: `/api/groups/${group.id}/members/${moderator.user.id}`,
      cookie: owner.cookie,
      payload: { role: "moderator" },
    });
    type Ability = { allowed: boolean; refusal: { code: string } | null };
    type Row = { user: { id: string }; abilities: Record<"remove" | "changeRole" | "handOver", Ability> };
    const abilitiesSeenBy = async (viewer: Member) => {
      const list = await t.api({ url: `/api/groups/${group.id}/members`, cookie: viewer.cookie });
      expect(list.statusCode, list.body).toBe(200);
      return new Map((list.json() as Row[]).map((row) => [row.user.id, row.abilities]));
    };
    const allowed = (abilities: Row["abilities"]) =>
      (["changeRole", "handOver", "remove"] as const).filter((name) => abilities[name].allowed);

    const byOwner = await abilitiesSeenBy(owner);
    expect(allowed(byOwner.get(moderator.user.id)!)).toEqual(["changeRole", "handOver", "remove"]);
    expect(allowed(byOwner.get(owner.user.id)!)).toEqual([]);
    const byModerator = await abilitiesSeenBy(moderator);
    expect(allowed(byModerator.get(member.user.id)!)).toEqual(["remove"]);
    expect(allowed(byModerator.get(owner.user.id)!)).toEqual([]);
    const byMember = await abilitiesSeenBy(member);
    expect(allowed(byMember.get(moderator.user.id)!)).toEqual([]);

    // Every refusal sent is what the endpoint answers when tried anyway.
    const attempt = (viewer: Member, target: string, ability: string) =>
      t.api({
        ...{
          remove: {
            method: "POST" as const,
            url: `/api/groups/${group.id}/members/${target}/removal`,
            payload: { reason: "Tried" },
          },
          changeRole: {
            method: "PUT" as const,
            url: `/api/groups/${group.id}/members/${target}`,
            payload: { role: "moderator" },
          },
          handOver: {
            method: "PUT" as const,
            url: `/api/groups/${group.id}/owner`,
            payload: { userId: target },
          },
        }[ability]!,
        cookie: viewer.cookie,
      });
    const seen: [Member, Map<string, Row["abilities"]>][] = [
      [owner, byOwner],
      [moderator, byModerator],
      [member, byMember],
    ];
    let refusals = 0;
    for (const [viewer, rows] of seen)
      for (const [target, abilities] of rows)
        for (const name of ["remove", "changeRole", "handOver"] as const) {
          const ability = abilities[name];
          if (ability.allowed) continue;
          const answer = await attempt(viewer, target, name);
          expect(answer.statusCode, `${name} of ${target}`).toBeGreaterThanOrEqual(400);
          expect(answer.json().code, `${name} of ${target}`).toBe(ability.refusal!.code);
          refusals += 1;
        }
    expect(refusals).toBeGreaterThan(10);
  });

  it("sends the group's abilities as its endpoints decide them: a refusal there is the endpoint's answer", async () => {
    const owner = await buildSignedInUser(t.db);
    const group = await createGroup(owner);
    const [member, outsider] = [await buildSignedInUser(t.db), await buildSignedInUser(t.db)];
    await join(member, group.id);
    type Ability = { allowed: boolean; refusal: { code: string } | null };
    const names = ["edit", "moderate", "invite", "seeMembers", "leave"] as const;
    const attempt = (viewer: Member, name: (typeof names)[number]) =>
      t.api({
        ...{
          edit: { method: "PUT" as const, url: `/api/groups/${group.id}`, payload: { description: "Tried" } },
          moderate: { method: "GET" as const, url: `/api/groups/${group.id}/applications` },
          invite: { method: "POST" as const, url: `/api/groups/${group.id}/invites`, payload: { days: 7 } },
          seeMembers: { method: "GET" as const, url: `/api/groups/${group.id}/members` },
          leave: { method: "DELETE" as const, url: `/api/groups/${group.id}/membership` },
        }[name],
        cookie: viewer.cookie,
      });
    const allowedBy = new Map<Member, string[]>();
    let refusals = 0;
    for (const viewer of [owner, member, outsider]) {
      const page = await t.api({ url: `/api/groups/${group.id}`, cookie: viewer.cookie });
      expect(page.statusCode, page.body).toBe(200);
      const abilities = page.json().abilities as Record<(typeof names)[number], Ability>;
      expect(Object.keys(abilities).sort()).toEqual([...names].sort());
      allowedBy.set(
        viewer,
        names.filter((name) => abilities[name].allowed),
      );
      for (const name of names) {
        if (abilities[name].allowed) continue;
        const answer = await attempt(viewer, name);
        expect(answer.statusCode, `${name} tried`).toBeGreaterThanOrEqual(400);
        expect(answer.json().code, `${name} tried`).toBe(abilities[name].refusal!.code);
        refusals += 1;
      }
    }
    expect(allowedBy.get(owner)).toEqual(["edit", "moderate", "invite", "seeMembers"]);
    expect(allowedBy.get(member)).toEqual(["seeMembers", "leave"]);
    expect(allowedBy.get(outsider)).toEqual([]);
    expect(refusals).toBe(9);
    // What is allowed is allowed: the member leaves.
    expect((await attempt(member, "leave")).statusCode).toBeLessThan(300);
  });

  it("is never left ownerless: the owner cannot leave or be removed, and hands it over first", async () => {
    const owner = await buildSignedInUser(t.db);
    const group = await createGroup(owner);
    const moderator = await buildSignedInUser(t.db);
    await join(moderator, group.id);
    await t.api({
      method: "PUT",
      url: `/api/groups/${group.id}/members/${moderator.user.id}`,
      cookie: owner.cookie,
      payload: { role: "moderator" },
    });
    const leave = await t.api({
      method: "DELETE",
      url: `/api/groups/${group.id}/membership`,
      cookie: owner.cookie,
    });
    expect(leave.json().code).toBe("owner_must_hand_over");
    const removeOwner = await t.api({
      method: "POST",
      url: `/api/groups/${group.id}/members/${owner.user.id}/removal`,
      cookie: moderator.cookie,
      payload: { reason: "Coup" },
    });
    expect(removeOwner.statusCode).toBe(409);
    const demote = await t.api({
      method: "PUT",
      url: `/api/groups/${group.id}/members/${owner.user.id}`,
      cookie: owner.cookie,
      payload: { role: "member" },
    });
    expect(demote.statusCode).toBe(409);
    const handed = await t.api({
      method: "PUT",
      url: `/api/groups/${group.id}/owner`,
      cookie: owner.cookie,
      payload: { userId: moderator.user.id },
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().membership.role).toBe("moderator");
    expect(
      (await t.api({ method: "DELETE", url: `/api/groups/${group.id}/membership`, cookie: owner.cookie }))
        .statusCode,
    ).toBe(200);
    const members = await t.api({ url: `/api/groups/${group.id}/members`, cookie: moderator.cookie });
    expect(members.json()).toEqual([expect.objectContaining({ role: "owner" })]);
  });
});

describe("someone else tries", () => {
  it("a non-member, a removed member, a member of another group and a moderator of another group change nothing", async () => {
    const owner = await buildSignedInUser(t.db);
    const group = await createGroup(owner, { joinRule: "application", questions: ["Which flat?"] });
    const member = await buildSignedInUser(t.db);
    const applicant = await buildSignedInUser(t.db);
    const application = await t.api({
      method: "POST",
      url: `/api/groups/${group.id}/applications`,
      cookie: applicant.cookie,
      payload: { answers: ["2C"], rulesVersion: 1 },
    });
    const approve = async (who: Member) => {
      const applied = await t.api({
        method: "POST",
        url: `/api/groups/${group.id}/applications`,
        cookie: who.cookie,
        payload: { answers: ["1A"], rulesVersion: 1 },
      });
      await t.api({
        method: "PUT",
        url: `/api/groups/${group.id}/applications/${applied.json().id}`,
        cookie: owner.cookie,
        payload: { decision: "approve" },
      });
    };
    await approve(member);
    const meal = (await postMeal(owner, { groupId: group.id })).json();
    const invite = (
      await t.api({
        method: "POST",
        url: `/api/groups/${group.id}/invites`,
        cookie: owner.cookie,
        payload: { days: 7 },
      })
    ).json();

    const nonMember = await buildSignedInUser(t.db);
    const removed = await buildSignedInUser(t.db);
    await approve(removed);
    await t.api({
      method: "POST",
      url: `/api/groups/${group.id}/members/${removed.user.id}/removal`,
      cookie: owner.cookie,
      payload: { reason: "Spam" },
    });
    const elsewhere = await buildSignedInUser(t.db);
    const otherOwner = await buildSignedInUser(t.db);
    const otherGroup = await createGroup(otherOwner);
    await join(elsewhere, otherGroup.id);
    const otherModerator = await buildSignedInUser(t.db);
    await join(otherModerator, otherGroup.id);
    await t.api({
      method: "PUT",
      url: `/api/groups/${otherGroup.id}/members/${otherModerator.user.id}`,
      cookie: otherOwner.cookie,
      payload: { role: "moderator" },
    });

    const g = `/api/groups/${group.id}`;
    const attempts = [
      { method: "PUT", url: g, payload: { name: "Taken over" } },
      { method: "GET", url: `${g}/applications` },
      {
        method: "PUT",
        url: `${g}/applications/${application.json().id}`,
        payload: { decision: "approve" },
      },
      { method: "PUT", url: `${g}/members/${member.user.id}`, payload: { role: "moderator" } },
      { method: "POST", url: `${g}/members/${member.user.id}/removal`, payload: { reason: "Mine now" } },
      { method: "PUT", url: `${g}/owner`, payload: { userId: member.user.id } },
      { method: "POST", url: `${g}/meals/${meal.id}/removal`, payload: { reason: "Mine now" } },
      { method: "GET", url: `${g}/reports` },
      { method: "GET", url: `${g}/invites` },
      { method: "POST", url: `${g}/invites`, payload: { days: 30 } },
      { method: "DELETE", url: `${g}/invites/${invite.id}` },
      { method: "GET", url: `${g}/members` },
      { method: "POST", url: `${g}/rules/accept`, payload: { rulesVersion: 1 } },
      { method: "DELETE", url: `${g}/membership` },
    ] as const;
    for (const [name, who] of Object.entries({ nonMember, removed, elsewhere, otherModerator })) {
      for (const attempt of attempts) {
        const response = await t.api({ ...attempt, cookie: who.cookie });
        expect([403, 404], `${name} ${attempt.method} ${attempt.url}: ${response.body}`).toContain(
          response.statusCode,
        );
      }
      expect((await t.api({ url: `/api/meals/${meal.id}`, cookie: who.cookie })).statusCode).toBe(404);
    }
    // A member is not a moderator either.
    for (const attempt of attempts.slice(0, 11)) {
      const response = await t.api({ ...attempt, cookie: member.cookie });
      expect([403, 404, 409], `member ${attempt.method} ${attempt.url}`).toContain(response.statusCode);
    }
    // Nothing changed.
    const page = await t.api({ url: g, cookie: owner.cookie });
    expect(page.json()).toMatchObject({ name: "Elm Street 12", memberCount: 2, pendingApplications: 1 });
    expect((await t.api({ url: `/api/meals/${meal.id}`, cookie: member.cookie })).json().membersOnly).toBe(
      true,
    );
    expect((await t.api({ url: `${g}/invites`, cookie: owner.cookie })).json()[0].revoked).toBe(false);
  });

  it("signed out: every group route answers 401", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["GET", "/api/groups"],
      ["POST", "/api/groups"],
      ["GET", `/api/groups/${id}`],
      ["POST", `/api/groups/${id}/join`],
      ["GET", `/api/invites/${"A".repeat(32)}`],
    ] as const) {
      expect((await t.api({ method, url, payload: method === "POST" ? {} : undefined })).statusCode).toBe(
        401,
      );
    }
  });
});
