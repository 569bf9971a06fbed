/**
 * Membership review in a group (docs/decisions/020 "Membership review"): a member asks with a reason,
 * the member under review is told and answers, the group's trusted members and moderators vote, and the
 * review closes once — removing the member only with a majority of those who voted and a quorum that
 * members who joined lately cannot make up alone. The "someone else tries" cases first.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { closeReview } from "../../src/server/features/groups/reviews";
import { buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof buildSignedInUser>>;

/** A member of the group, joined `daysAgo` days ago, trusted or not (trust.test.ts shows how it is earned). */
async function joined(groupId: string, options: { daysAgo: number; trusted: boolean }): Promise<Member> {
  const who = await buildSignedInUser(t.db);
  await t.db.execute(sql`insert into group_members (group_id, user_id, role, rules_accepted, created_at)
    values (${groupId}, ${who.user.id}, 'member', 1, now() - make_interval(days => ${options.daysAgo}))`);
  if (options.trusted)
    await t.db.execute(sql`insert into member_trust (user_id, level, exchanges, partners, vouches)
      values (${who.user.id}, 'trusted', 4, 3, 1)`);
  return who;
}

/** A group whose owner joined long ago, with the member asked about and a few long-standing trusted voters. */
async function groupWith(voters: number) {
  const owner = await buildSignedInUser(t.db);
  const created = await t.api({
    method: "POST",
    url: "/api/groups",
    cookie: owner.cookie,
    payload: { name: "Elm Street 12" },
  });
  expect(created.statusCode, created.body).toBe(201);
  const groupId: string = created.json().id;
  await t.db.execute(
    sql`update group_members set created_at = now() - interval '90 days' where group_id = ${groupId}`,
  );
  const subject = await joined(groupId, { daysAgo: 60, trusted: false });
  const trusted = [];
  for (let n = 0; n < voters; n++) trusted.push(await joined(groupId, { daysAgo: 60, trusted: true }));
  return { owner, groupId, subject, trusted };
}

const ask = (who: Member, groupId: string, memberId: string, reason = "Asks every cook for money") =>
  t.api({
    method: "POST",
    url: `/api/groups/${groupId}/reviews`,
    cookie: who.cookie,
    payload: { memberId, reason },
  });
const vote = (who: Member, groupId: string, reviewId: string, choice: "remove" | "keep") =>
  t.api({
    method: "PUT",
    url: `/api/groups/${groupId}/reviews/${reviewId}/vote`,
    cookie: who.cookie,
    payload: { vote: choice },
  });
/** The review's time is up: its job closes it (run here, as the queue would). */
async function close(reviewId: string) {
  await t.db.execute(
    sql`update group_reviews set closes_at = now() - interval '1 second' where id = ${reviewId}`,
  );
  return closeReview(t.db, { reviewId });
}
const statusOf = async (groupId: string, userId: string) =>
  (
    await queryRows<{ status: string }>(
      t.db,
      sql`select status from group_members where group_id = ${groupId} and user_id = ${userId}`,
    )
  )[0]?.status;

describe("membership review: someone else tries", () => {
  it("refuses signed out, a non-member, the owner, oneself, a second review, and a vote from the member or a non-voter", async () => {
    const { owner, groupId, subject, trusted } = await groupWith(2);
    expect(
      (
        await t.api({
          method: "POST",
          url: `/api/groups/${groupId}/reviews`,
          payload: { memberId: subject.user.id, reason: "x" },
        })
      ).statusCode,
    ).toBe(401);
    const outsider = await buildSignedInUser(t.db);
    expect((await ask(outsider, groupId, subject.user.id)).statusCode).toBe(403);
    expect((await ask(trusted[0], groupId, owner.user.id)).statusCode).toBe(409);
    expect((await ask(subject, groupId, subject.user.id)).statusCode).toBe(409);
    expect((await ask(trusted[0], groupId, subject.user.id, " ")).statusCode).toBe(400);

    const opened = await ask(trusted[0], groupId, subject.user.id);
    expect(opened.statusCode, opened.body).toBe(201);
    const reviewId = opened.json().id;
    expect((await ask(trusted[1], groupId, subject.user.id)).json().code).toBe("review_open");
    // The member under review cannot vote on themselves; a member who is not trusted cannot vote.
    expect((await vote(subject, groupId, reviewId, "keep")).statusCode).toBe(403);
    const untrusted = await joined(groupId, { daysAgo: 60, trusted: false });
    const refused = await vote(untrusted, groupId, reviewId, "remove");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("The group's trusted members and its moderators vote in reviews.");
    // Someone outside the group does not see it at all.
    expect(
      (await t.api({ url: `/api/groups/${groupId}/reviews/${reviewId}`, cookie: outsider.cookie }))
        .statusCode,
    ).toBe(404);
    // Only the member under review answers.
    expect(
      (
        await t.api({
          method: "PUT",
          url: `/api/groups/${groupId}/reviews/${reviewId}/answer`,
          cookie: trusted[0].cookie,
          payload: { answer: "No" },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("membership review: told, answered, voted, closed once", () => {
  it("tells the member, takes their answer, and removes them by a quorate majority", async () => {
    const { owner, groupId, subject, trusted } = await groupWith(3);
    // Four voters (the owner and three trusted members): a quorum of two.
    const opened = (await ask(trusted[0], groupId, subject.user.id)).json();
    expect(opened).toMatchObject({ quorum: 2, status: "open", votes: 0, result: null });
    const told = await queryRows<{ link: string }>(
      t.db,
      sql`select link from notifications where user_id = ${subject.user.id} and type = 'group'`,
    );
    expect(told.map((row) => row.link)).toContain(`/groups/${groupId}/reviews/${opened.id}`);
    const seen = (
      await t.api({ url: `/api/groups/${groupId}/reviews/${opened.id}`, cookie: subject.cookie })
    ).json();
    expect(seen.abilities).toMatchObject({ answer: { allowed: true }, vote: { allowed: false } });
    const answered = await t.api({
      method: "PUT",
      url: `/api/groups/${groupId}/reviews/${opened.id}/answer`,
      cookie: subject.cookie,
      payload: { answer: "I asked once, about the price of a paid meal." },
    });
    expect(answered.json().answer).toBe("I asked once, about the price of a paid meal.");

    expect((await vote(owner, groupId, opened.id, "remove")).json()).toMatchObject({
      votes: 1,
      myVote: "remove",
    });
    expect((await vote(trusted[1], groupId, opened.id, "remove")).statusCode).toBe(200);
    expect((await vote(trusted[2], groupId, opened.id, "keep")).statusCode).toBe(200);
    expect(await close(opened.id)).toBe("removed");
    expect(await close(opened.id)).toBeNull();
    expect(await statusOf(groupId, subject.user.id)).toBe("removed");
    const closed = (
      await t.api({ url: `/api/groups/${groupId}/reviews/${opened.id}`, cookie: owner.cookie })
    ).json();
    expect(closed).toMatchObject({ status: "removed", result: { remove: 2, keep: 1 } });
    expect((await vote(trusted[2], groupId, opened.id, "remove")).statusCode).toBe(409);
  });

  it("keeps the member when the quorum is made up only of members who joined lately", async () => {
    const { groupId, subject, trusted } = await groupWith(1);
    // Two recent, trusted arrivals join the established owner and one trusted member: quorum 2 of 4.
    const newcomers = [
      await joined(groupId, { daysAgo: 2, trusted: true }),
      await joined(groupId, { daysAgo: 3, trusted: true }),
    ];
    const opened = (await ask(newcomers[0], groupId, subject.user.id)).json();
    expect(opened.quorum).toBe(2);
    for (const arrival of newcomers)
      expect((await vote(arrival, groupId, opened.id, "remove")).statusCode).toBe(200);
    expect(await close(opened.id)).toBe("kept");
    expect(await statusOf(groupId, subject.user.id)).toBe("active");

    // The same two votes with one established voter's: the quorum holds, and the majority removes.
    const again = (await ask(newcomers[0], groupId, subject.user.id)).json();
    for (const arrival of newcomers) await vote(arrival, groupId, again.id, "remove");
    await vote(trusted[0], groupId, again.id, "keep");
    expect(await close(again.id)).toBe("removed");
  });

  it("keeps the member when fewer voted than the quorum, or the votes tie", async () => {
    const { owner, groupId, subject, trusted } = await groupWith(3);
    const opened = (await ask(owner, groupId, subject.user.id)).json();
    await vote(trusted[0], groupId, opened.id, "remove");
    expect(await close(opened.id)).toBe("kept");
    const tie = (await ask(owner, groupId, subject.user.id)).json();
    await vote(trusted[0], groupId, tie.id, "remove");
    await vote(trusted[1], groupId, tie.id, "keep");
    expect(await close(tie.id)).toBe("kept");
    expect(await statusOf(groupId, subject.user.id)).toBe("active");
  });
});
