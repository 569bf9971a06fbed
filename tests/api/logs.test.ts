/**
 * docs/features/operations.md finding 8: a failed query is logged by its SQLSTATE and name, never its
 * values.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMeal, buildRequest, buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

describe("logs of failed queries", () => {
  const logLines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logLines });
  });
  afterAll(() => t.close());

  it("name the SQLSTATE and the statement, and hold none of the user's values", async () => {
    const cook = await buildSignedInUser(t.db);
    const eater = await buildSignedInUser(t.db);
    const request = await buildRequest(t.db, await buildMeal(t.db, cook.user), eater.user);
    // A schema the code does not expect: storing the next message fails inside PostgreSQL.
    await t.db.execute(sql`alter table messages rename column body to body_moved`);
    try {
      const response = await t.api({
        method: "POST",
        url: `/api/requests/${request.id}/messages`,
        cookie: eater.cookie,
        payload: { body: "my very private message" },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        message: "Something went wrong. Please try again.",
        code: "internal",
      });
    } finally {
      await t.db.execute(sql`alter table messages rename column body_moved to body`);
    }

    const entry = JSON.parse(logLines.find((line) => line.includes('"unhandled error"')) ?? "{}");
    expect(entry.err).toMatchObject({ type: "DatabaseError", sqlState: "42703" });
    expect(entry.err.query).toMatch(/^insert into "messages"/);
    const logged = logLines.join("\n");
    for (const value of ["my very private message", request.id, eater.user.id]) {
      expect(logged).not.toContain(value);
    }
  });
});
