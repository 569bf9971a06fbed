/**
 * Leaving MealShare (docs/decisions/017), on a real database and photo store: a deletion confirmed by an
 * emailed code, the grace period (nobody finds the member, their open meals and requests end, "Keep my
 * account" brings the meals back), and the erasure, after which no row of any table nor any file of the
 * photo store holds the member's email, names, home point, allergies or message texts — while the other
 * side of a thread reads on, ratings are recomputed and a group passes on. Someone else's attempts first.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_ISSUER } from "../../src/server/auth/users";
import { queryRows } from "../../src/server/db/client";
import { accountDeletions, meals, notifications, requests, users } from "../../src/server/db/schema";
import { eraseDueAccounts } from "../../src/server/features/accounts/deletion";
import { createStorage } from "../../src/server/storage/storage";
import { buildMeal, buildRequest, buildSignedInUser, signIn } from "../factories";
import { emailTo, type MailCatcher, startMailCatcher } from "../mail-catcher";
import { ADMIN_EMAIL, createTestApp, type TestApp } from "./harness";

let mail: MailCatcher;
const logLines: string[] = [];
let now: TestApp;
let later: TestApp;

beforeAll(async () => {
  mail = await startMailCatcher();
  now = await createTestApp({
    env: { SIGN_IN: "email", ACCOUNT_DELETION_DAYS: "0" },
    config: { email: emailTo(mail) },
    logLines,
  });
  later = await createTestApp({
    env: { SIGN_IN: "email", ACCOUNT_DELETION_DAYS: "14" },
    config: { email: emailTo(mail) },
  });
});

afterAll(async () => {
  await now?.close();
  await later?.close();
  await mail?.close();
});

let sequence = 0;
/** A member who signs in by email, with an address and names no one else has. */
async function member(
  t: TestApp,
  first: string,
  last: string,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  const email = `${first.toLowerCase()}.${++sequence}@leaving.test`;
  return buildSignedInUser(t.db, {
    oidcIssuer: EMAIL_ISSUER,
    oidcSubject: email,
    email,
    firstName: first,
    lastName: last,
    ...overrides,
  });
}

/** Asks for the confirmation code and deletes the account with it. */
async function deleteWithCode(t: TestApp, who: { user: { email: string }; cookie: string }) {
  // The code's email, not any to the member: the job delivering their notifications (a message in
  // their thread, say) mails them meanwhile, and CI once took that one for the code.
  const isCode = (m: { to: string; subject: string }) =>
    m.to === who.user.email && m.subject.endsWith("confirms deleting your MealShare account");
  const before = mail.mails.filter(isCode).length;
  const asked = await t.api({ method: "POST", url: "/api/account/deletion/code", cookie: who.cookie });
  expect(asked.statusCode, asked.body).toBe(202);
  const [message] = (await mail.waitFor(isCode, before + 1)).slice(before);
  expect(message.subject).toMatch(/^\d{6} confirms deleting your MealShare account$/);
  return t.api({
    method: "POST",
    url: "/api/account/deletion",
    cookie: who.cookie,
    payload: { code: message.subject.slice(0, 6) },
  });
}

const post = (t: TestApp, cookie: string, url: string, payload: unknown) =>
  t.api({ method: "POST", url, cookie, payload: payload as object });

/** Uploads a photo as the uploader does; the URL to register. */
async function upload(t: TestApp, cookie: string): Promise<string> {
  const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#a33" } })
    .jpeg()
    .toBuffer();
  const { uploadURL } = (
    await post(t, cookie, "/api/objects/upload", { contentLength: bytes.length })
  ).json();
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

/** Every file under the photo store's folder. */
function storedFiles(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, "objects");
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

/** The tables (and how many of their rows) whose text holds any of `needles`. */
async function rowsHolding(t: TestApp, needles: string[]): Promise<Record<string, number>> {
  // Every table of every schema the app's database has: ours, the job queue's, the migrations'.
  const tables = await queryRows<{ schema: string; name: string }>(
    t.db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`,
  );
  const found: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const patterns = sql.join(
      needles.map((needle) => sql`${`%${needle.toLowerCase()}%`}`),
      sql`, `,
    );
    const [{ count }] = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from ${sql.identifier(schema)}.${sql.identifier(name)} r
          where lower(r::text) like any (array[${patterns}])`,
    );
    if (count > 0) found[name] = count;
  }
  return found;
}

describe("someone else tries", () => {
  it("cannot delete another's account: a member is not an admin, and another session's code does not confirm", async () => {
    const target = await member(later, "Tara", "Target");
    const stranger = await member(later, "Sam", "Stranger");
    const forged = await post(later, stranger.cookie, `/api/admin/users/${target.user.id}/delete`, {
      reason: "Because",
    });
    expect(forged.statusCode).toBe(403);
    // Target's code, typed in the stranger's session, confirms nothing.
    await post(later, target.cookie, "/api/account/deletion/code", {});
    const [message] = await mail.waitFor((m) => m.to === target.user.email);
    const typed = await post(later, stranger.cookie, "/api/account/deletion", {
      code: message.subject.slice(0, 6),
    });
    expect(typed.statusCode).toBe(400);
    // Without a code, nothing happens either.
    expect((await post(later, target.cookie, "/api/account/deletion", {})).statusCode).toBe(400);
    const [row] = await later.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row.deletionRequestedAt).toBeNull();
    expect((await later.api({ url: "/api/auth/user", cookie: target.cookie })).statusCode).toBe(200);
  });
});

describe("the grace period", () => {
  it("signs out, withdraws meals and requests with each other side told, hides the profile; Keep my account undoes it", async () => {
    const leaving = await member(later, "Lena", "Leaving");
    const eater = await member(later, "Eli", "Eater");
    const cook = await member(later, "Cora", "Cook");
    const meal = await buildMeal(later.db, leaving.user, { title: "Lena's soup" });
    const onHers = await buildRequest(later.db, meal, eater.user);
    const other = await buildMeal(later.db, cook.user, { title: "Cora's stew" });
    const hers = await buildRequest(later.db, other, leaving.user, { status: "accepted", portions: 1 });
    // A waiting-list offer on her meal is not hers to end: it lapses as offers do.
    const waiting = await member(later, "Wendy", "Waiting");
    const offered = await buildRequest(later.db, meal, waiting.user, {
      status: "held",
      portions: 1,
      holdUntil: new Date(Date.now() + 30 * 60_000),
    });

    const deleted = await deleteWithCode(later, leaving);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const eraseAfter = new Date(deleted.json().eraseAfter).getTime();
    expect(Math.round((eraseAfter - Date.now()) / 86_400_000)).toBe(14);

    expect((await later.api({ url: "/api/auth/user", cookie: leaving.cookie })).statusCode).toBe(401);
    expect((await later.api({ url: `/api/users/${leaving.user.id}`, cookie: eater.cookie })).statusCode).toBe(
      404,
    );
    const [withdrawn] = await later.db.select().from(meals).where(eq(meals.id, meal.id));
    expect(withdrawn).toMatchObject({ isActive: false, hiddenByDeletion: true });
    const statuses = await later.db
      .select({ id: requests.id, status: requests.status, lateCancel: requests.lateCancel })
      .from(requests)
      .where(sql`${requests.id} in (${onHers.id}, ${hers.id})`);
    expect(statuses.map((row) => [row.status, row.lateCancel])).toEqual([
      ["cancelled", false],
      ["cancelled", false],
    ]);
    const [offer] = await later.db.select().from(requests).where(eq(requests.id, offered.id));
    expect(offer.status).toBe("held");
    for (const [told, title] of [
      [eater.user.id, "Lena's soup"],
      [cook.user.id, "Cora's stew"],
    ]) {
      const said = await later.db.select().from(notifications).where(eq(notifications.userId, told));
      expect(said.map((n) => n.text)).toContain(
        `Lena L. is leaving MealShare, so the request for "${title}" is cancelled`,
      );
    }

    // Signing in again shows when; Keep my account brings the meal and the profile back.
    const again = await signIn(later.db, leaving.user);
    const me = (await later.api({ url: "/api/auth/user", cookie: again })).json();
    expect(new Date(me.deletionScheduledFor).getTime()).toBe(eraseAfter);
    const kept = await post(later, again, "/api/account/deletion/keep", {});
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().deletionScheduledFor).toBeNull();
    const [back] = await later.db.select().from(meals).where(eq(meals.id, meal.id));
    expect(back).toMatchObject({ isActive: true, hiddenByDeletion: false });
    expect((await later.api({ url: `/api/users/${leaving.user.id}`, cookie: eater.cookie })).statusCode).toBe(
      200,
    );
    const [audit] = await later.db
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, leaving.user.id));
    expect(audit).toMatchObject({ requestedBy: "member", erasedAt: null });
    expect(audit.cancelledAt).not.toBeNull();
  });

  it("is erased by the sweep once the grace period is over, once, whichever instance runs it", async () => {
    const leaving = await member(later, "Gus", "Grace");
    expect((await deleteWithCode(later, leaving)).statusCode).toBe(200);
    const storage = createStorage(later.config);
    expect(await eraseDueAccounts(later.db, storage, { dataDir: later.config.dataDir })).toBe(0);
    await later.db
      .update(accountDeletions)
      .set({ eraseAfter: new Date(Date.now() - 1000) })
      .where(eq(accountDeletions.userId, leaving.user.id));
    const [first, second] = await Promise.all([
      eraseDueAccounts(later.db, storage, { dataDir: later.config.dataDir }),
      eraseDueAccounts(later.db, storage, { dataDir: later.config.dataDir }),
    ]);
    expect(first + second).toBe(1);
    const [row] = await later.db.select().from(users).where(eq(users.id, leaving.user.id));
    expect(row).toMatchObject({ firstName: "Former member", email: "" });
    expect(row.deletedAt).not.toBeNull();
  });
});

describe("the erasure", () => {
  it("leaves no row or file with the member's data; the other side reads on; ratings, groups and the email move on", async () => {
    const t = now;
    const home = { homeLatitude: 51.2345678, homeLongitude: -0.9876543 };
    const leaving = await member(t, "Zebulon", "Quixotic", {
      ...home,
      homeLabel: "Zebhamlet",
      bio: "Zq-bio-marker",
      allergiesOther: "kumquatish",
      dietaryPrefs: "zq-diet-marker",
    });
    const eater = await member(t, "Ruth", "Reader");
    const moderator = await member(t, "Mona", "Moderator");

    // One of each: a meal with a photo and a point at home, a thread with a photo, reviews both ways,
    // a report, a group they own, an alert, a passkey, a blocked member, a newsletter address.
    const photo = (
      await t.api({
        method: "PUT",
        url: "/api/meal-photos",
        cookie: leaving.cookie,
        payload: { photoURL: await upload(t, leaving.cookie) },
      })
    ).json();
    const meal = await buildMeal(t.db, leaving.user, {
      title: "Pickled kumquats",
      photoPath: photo.objectPath,
      pickupLatitude: home.homeLatitude,
      pickupLongitude: home.homeLongitude,
      pickupDetails: "Zq door code 4411",
      pickupWindowStart: new Date(Date.now() - 5 * 3_600_000),
      pickupWindowEnd: new Date(Date.now() - 3_600_000),
    });
    const request = await buildRequest(t.db, meal, eater.user, {
      status: "completed",
      portions: 1,
      message: "Ruth asks nicely",
    });
    const said = await post(t, leaving.cookie, `/api/requests/${request.id}/messages`, {
      body: "Zq-secret-message: the blue box",
      photoURL: await upload(t, leaving.cookie),
    });
    expect(said.statusCode, said.body).toBe(201);
    await post(t, eater.cookie, `/api/requests/${request.id}/messages`, { body: "Thanks a lot!" });
    await t.db.execute(sql`insert into reviews (request_id, meal_id, reviewer_id, reviewee_id, reviewer_role, rating, text)
      values (${request.id}, ${meal.id}, ${leaving.user.id}, ${eater.user.id}, 'feeder', 1, 'Zq-review-by'),
             (${request.id}, ${meal.id}, ${eater.user.id}, ${leaving.user.id}, 'eater', 5, 'Great kumquats')`);
    await t.db.execute(sql`insert into reports (reporter_id, target_type, target_id, reason)
      values (${leaving.user.id}, 'other', 'x', 'Zq-report-reason')`);
    await t.db.execute(
      sql`update reports set resolved = true, resolved_at = now() where reporter_id = ${leaving.user.id}`,
    );
    const [group] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into groups (name, owner_id) values ('Quiet street', ${leaving.user.id}) returning id`,
    );
    await t.db.execute(sql`insert into group_members (group_id, user_id, role, rules_accepted) values
      (${group.id}, ${leaving.user.id}, 'owner', 1), (${group.id}, ${moderator.user.id}, 'moderator', 1)`);
    await t.db.execute(sql`insert into meal_alerts (user_id, query_text, latitude, longitude, radius_km)
      values (${leaving.user.id}, 'zq kumquat alert', ${home.homeLatitude}, ${home.homeLongitude}, 2)`);
    await t.db.execute(
      sql`insert into passkeys (id, user_id, name, public_key) values ('zq-key', ${leaving.user.id}, 'Zq phone', '\\x01')`,
    );
    // A meal of someone else's she saved: what she wanted is hers too.
    const saved = await buildMeal(t.db, moderator.user, { title: "Someone else's saved stew" });
    await t.db.execute(
      sql`insert into saved_meals (user_id, meal_id) values (${leaving.user.id}, ${saved.id})`,
    );
    // What she hid from her lists, and a neighbour's hide of her as a cook ("Not interested").
    await t.db.execute(
      sql`insert into hidden_meals (user_id, meal_id) values (${leaving.user.id}, ${saved.id})`,
    );
    await t.db.execute(sql`insert into hidden_cooks (user_id, cook_id) values
      (${leaving.user.id}, ${moderator.user.id}), (${eater.user.id}, ${leaving.user.id})`);
    await t.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${leaving.user.id}, ${moderator.user.id})`,
    );
    await t.db.execute(
      sql`insert into newsletter_subscribers (email, source, user_id) values (${leaving.user.email}, 'profile', ${leaving.user.id})`,
    );
    const ratingBefore = (
      await t.api({ url: `/api/user/${eater.user.id}/rating`, cookie: eater.cookie })
    ).json();
    expect(ratingBefore.count).toBe(1);

    const markers = [
      leaving.user.email,
      "Zebulon",
      "Quixotic",
      "51.2345678",
      "-0.9876543",
      "Zebhamlet",
      "kumquatish",
      "Zq-bio-marker",
      "zq-diet-marker",
      "Zq-secret-message",
      "Zq door code",
      "Zq-review-by",
      "zq kumquat alert",
      "Zq phone",
    ];
    const before = await rowsHolding(t, markers);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(["users", "messages", "meals", "reviews"]));
    const photoIds = (
      await queryRows<{ id: string }>(
        t.db,
        sql`select id::text from photos where user_id = ${leaving.user.id}`,
      )
    ).map((row) => row.id);
    const threadPhoto = (
      await queryRows<{ id: string }>(
        t.db,
        sql`select photo_id::text as id from messages where sender_id = ${leaving.user.id} and photo_id is not null`,
      )
    )[0].id;
    const theirFiles = () =>
      storedFiles(t).filter((file) =>
        [...photoIds, threadPhoto].some((id) => path.basename(file).startsWith(id)),
      );
    expect(theirFiles()).toHaveLength(6);

    const deleted = await deleteWithCode(t, leaving);
    expect(deleted.statusCode, logLines.join("\n")).toBe(200);

    expect(await rowsHolding(t, markers)).toEqual({});
    expect(theirFiles()).toEqual([]);
    // Rows that hold only her id: her saved meals are gone.
    expect(await queryRows(t.db, sql`select 1 from saved_meals where user_id = ${leaving.user.id}`)).toEqual(
      [],
    );
    expect(
      await queryRows(
        t.db,
        sql`select 1 from hidden_meals where user_id = ${leaving.user.id}
            union all select 1 from hidden_cooks where ${leaving.user.id} in (user_id, cook_id)`,
      ),
    ).toEqual([]);

    // The other side's thread reads on: their own words, and the member's as removed.
    const thread = (await t.api({ url: `/api/requests/${request.id}`, cookie: eater.cookie })).json();
    const bodies = thread.messages.map((m: { body: string; sender: { id: string } }) => [
      m.sender.id === eater.user.id,
      m.body,
    ]);
    expect(bodies).toContainEqual([true, "Thanks a lot!"]);
    expect(bodies).toContainEqual([false, "Message removed"]);
    expect(JSON.stringify(thread)).toContain("Former member");
    expect(thread.messages.some((m: { photo: unknown }) => m.photo)).toBe(false);

    // Ratings recomputed, the group handed on, the same email a new, unconnected account.
    const ratingAfter = (
      await t.api({ url: `/api/user/${eater.user.id}/rating`, cookie: eater.cookie })
    ).json();
    expect(ratingAfter.count).toBe(0);
    const [owner] = await queryRows<{ ownerId: string; role: string }>(
      t.db,
      sql`select g.owner_id as "ownerId", m.role from groups g join group_members m on m.group_id = g.id and m.user_id = g.owner_id where g.id = ${group.id}`,
    );
    expect(owner).toEqual({ ownerId: moderator.user.id, role: "owner" });
    const [{ count }] = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int from users where oidc_issuer = ${EMAIL_ISSUER} and oidc_subject = ${leaving.user.email}`,
    );
    expect(count).toBe(0);
    // Impact totals keep their counts.
    const impact = (await t.api({ url: "/api/impact", cookie: eater.cookie })).json();
    expect(JSON.stringify(impact)).not.toBe("{}");
  });

  it("keeps a thread's texts while an open report names it, and removes them once it is resolved", async () => {
    const t = now;
    const leaving = await member(t, "Rita", "Reported");
    const eater = await member(t, "Otto", "Other");
    const meal = await buildMeal(t.db, leaving.user);
    const request = await buildRequest(t.db, meal, eater.user, { status: "accepted", portions: 1 });
    await post(t, leaving.cookie, `/api/requests/${request.id}/messages`, { body: "Rita-evidence-words" });
    await t.db.execute(sql`insert into reports (reporter_id, target_type, target_id, reason)
      values (${eater.user.id}, 'user', ${leaving.user.id}, 'Rude')`);
    expect((await deleteWithCode(t, leaving)).statusCode).toBe(200);
    expect(await rowsHolding(t, ["Rita-evidence-words"])).toEqual({ messages: 1 });

    const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
    const [report] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from reports where target_id = ${leaving.user.id}`,
    );
    const resolved = await t.api({
      method: "PUT",
      url: `/api/admin/reports/${report.id}/resolve`,
      cookie: admin.cookie,
      payload: {},
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await eraseDueAccounts(t.db, createStorage(t.config), { dataDir: t.config.dataDir });
    expect(await rowsHolding(t, ["Rita-evidence-words"])).toEqual({});
  });

  it("lets an admin delete an account for a reason, kept without the member's data", async () => {
    const t = now;
    const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL, oidcSubject: `admin-${Date.now()}` });
    const target = await member(t, "Abe", "Abuser");
    const deleted = await post(t, admin.cookie, `/api/admin/users/${target.user.id}/delete`, {
      reason: "Sold spoiled food twice",
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [audit] = await t.db
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, target.user.id));
    expect(audit).toMatchObject({
      requestedBy: "admin",
      adminId: admin.user.id,
      reason: "Sold spoiled food twice",
    });
    expect(audit.erasedAt).not.toBeNull();
    expect(await rowsHolding(t, [target.user.email, "Abuser"])).toEqual({});
  });
});
