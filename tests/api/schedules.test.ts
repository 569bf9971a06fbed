/**
 * The jobs that run by the clock — the sweeps every 10 minutes and the cook certificate check
 * hourly — are pg-boss schedules (plugins/background.ts), not timers: every instance registers
 * the same schedule, pg-boss sends each period's job once, and a worker on any instance runs it.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { uploads, users } from "../../src/server/db/schema";
import { enqueueJob, QUEUES } from "../../src/server/jobs/queue";
import { buildUser, daysFromToday } from "../factories";
import { createTestApp, jobsSettled, type TestApp } from "./harness";

describe("scheduled jobs", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ config: { scheduledJobs: true } });
    second = await createTestApp({ database: first.database, config: { scheduledJobs: true } });
  });
  afterAll(async () => {
    await second.app.close();
    await first.close();
  });

  it("are one schedule each in pg-boss, whichever instances registered them", async () => {
    const schedules = await queryRows<{ name: string; cron: string; timezone: string }>(
      first.db,
      sql`select name, cron, timezone from pgboss.schedule order by name`,
    );
    expect(schedules).toEqual([
      { name: "cook-certificates", cron: "0 * * * *", timezone: "UTC" },
      { name: "sweep", cron: "*/10 * * * *", timezone: "UTC" },
    ]);
  });

  it("run on a worker when their job is sent: the certificate check lapses an expired cook", async () => {
    const expired = await buildUser(first.db, {
      isRegisteredCook: true,
      cookCertificateExpiresOn: daysFromToday(-1),
    });
    await enqueueJob(first.db, QUEUES.certificates, {});
    await jobsSettled(first.db);
    const [row] = await first.db.select().from(users).where(eq(users.id, expired.id));
    expect(row.isRegisteredCook).toBe(false);
  });

  it("run on a worker when their job is sent: the sweep removes an upload abandoned long ago", async () => {
    const owner = await buildUser(first.db);
    const [abandoned] = await first.db
      .insert(uploads)
      .values({ userId: owner.id, key: "incoming/never-sent", expiresAt: sql`now() - interval '2 hours'` })
      .returning();
    await enqueueJob(first.db, QUEUES.sweep, {});
    await jobsSettled(first.db);
    expect(await first.db.select().from(uploads).where(eq(uploads.id, abandoned.id))).toEqual([]);
  });
});
