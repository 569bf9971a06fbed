/**
 * MealShare past one machine (docs/decisions/021), against real servers speaking their protocols
 * (tests/topology.ts): PgBouncer in transaction mode in front of a PostgreSQL primary, a streaming
 * replica replaying two seconds behind, and an S3 server (s3rver). Each case is one a deployment
 * meets: live updates across instances through the pooler, two instances migrating at once, a member
 * reading their own write while the replica lags, the replica dying under reads, and a photo uploaded
 * through one instance served by another with no disk in common.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import pg from "pg";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, queryRows, TopologyError } from "../../src/server/db/client";
import { FRESH_WRITE_COOKIE } from "../../src/server/db/reads";
import { createTestApp, jobsSettled, type TestApp } from "../api/harness";
import { buildExchange, buildMeal, buildSignedInUser } from "../factories";
import { openStream } from "../sse-client";
import { startTopology, type Topology, topologyMissing } from "../topology";

const missing = topologyMissing();
if (missing)
  console.warn(`Skipping the topology tests: this machine lacks ${missing} (.ci/run installs it).`);

/** A database of its own on the topology's primary, reached through PgBouncer and directly. */
async function freshDatabase(topology: Topology, name: string) {
  const admin = new pg.Client({ connectionString: topology.primaryUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const on = (url: string) => url.replace(/\/[^/]+$/, `/${name}`);
  return { bouncerUrl: on(topology.bouncerUrl), primaryUrl: on(topology.primaryUrl) };
}

describe.skipIf(missing !== null)("behind PgBouncer in transaction mode, with a lagging replica", () => {
  let topology: Topology;
  let first: Database;
  let second: Database;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    topology = await startTopology({ replicaDelaySeconds: 2 });
    const urls = { url: topology.bouncerUrl, directUrl: topology.primaryUrl, readUrl: topology.replicaUrl };
    // Two instances starting at once, each migrating through the pooler (the lock on its direct URL).
    [first, second] = await Promise.all([openDatabase(urls), openDatabase(urls)]);
    a = await createTestApp({ listen: true, database: first });
    b = await createTestApp({ listen: true, database: second });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await first?.close();
    await second?.close();
    topology?.close();
  });

  it("migrated once though two instances started together through the pooler", async () => {
    const [{ applied }] = await queryRows<{ applied: number }>(
      a.db,
      (await import("drizzle-orm")).sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    const { entries } = (await import("../../drizzle/meta/_journal.json")).default;
    expect(applied).toBe(entries.length);
    // The pool goes through PgBouncer: its connections hold the bounds its connect_query sets.
    const [{ statement_timeout }] = await queryRows<{ statement_timeout: string }>(
      a.db,
      (await import("drizzle-orm")).sql`show statement_timeout`,
    );
    expect(statement_timeout).toBe("15s");
  });

  it("two more instances migrating a fresh database at once both start, and apply each migration once", async () => {
    const urls = await freshDatabase(topology, "fresh_migrations");
    const opened = await Promise.all([
      openDatabase({ url: urls.bouncerUrl, directUrl: urls.primaryUrl }),
      openDatabase({ url: urls.bouncerUrl, directUrl: urls.primaryUrl }),
    ]);
    try {
      const rows = await queryRows<{ hash: string; n: number }>(
        opened[0].db,
        (await import("drizzle-orm"))
          .sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash having count(*) > 1`,
      );
      expect(rows).toEqual([]);
    } finally {
      await Promise.all(opened.map((database) => database.close()));
    }
  });

  it("refuses to start with the pooler named as the direct URL, or with no direct URL beside it", async () => {
    await expect(
      openDatabase({
        url: topology.bouncerUrl,
        directUrl: topology.bouncerUrl.replace("mealshare", "postgres"),
      }),
    ).rejects.toThrow(TopologyError);
    await expect(openDatabase({ url: topology.bouncerUrl })).rejects.toThrow(
      /DATABASE_URL leads to a connection pooler: set DATABASE_DIRECT_URL/,
    );
  });

  it("carries a chat message to a client of the other instance, both behind the pooler", async () => {
    const { cook, eater, request } = await buildExchange(a.db, { meal: { title: "Pooled pho" } });
    const stream = await openStream(b.config.publicUrl, cook.cookie);
    try {
      await stream.waitFor((event) => event.event === "ready");
      const sent = await fetch(`${a.config.publicUrl}/api/requests/${request.id}/messages`, {
        method: "POST",
        headers: { cookie: eater.cookie, origin: a.config.publicUrl, "content-type": "application/json" },
        body: JSON.stringify({ body: "Through PgBouncer" }),
      });
      expect(sent.status).toBe(201);
      const received = await stream.waitFor(
        (event) =>
          event.event === "message" &&
          (event.data as { message: { body: string } }).message.body === "Through PgBouncer",
      );
      expect(received.data).toMatchObject({ requestId: request.id });
    } finally {
      stream.close();
    }
  });

  it("shows a member their own write at once while the replica is 2 s behind; others read the replica", async () => {
    // The replica is in use (within the 5 s bound), so the reads below go there unless fenced.
    await expect
      .poll(async () => (await (await fetch(`${a.config.publicUrl}/healthz`)).json()).replica?.state, {
        timeout: 20_000,
      })
      .toBe("in_use");
    const member = await buildSignedInUser(a.db, { firstName: "Rita", lastName: "Reads", bio: "Before" });
    const neighbour = await buildSignedInUser(a.db, { firstName: "Nell", lastName: "Next" });
    // The rows above reach the replica two seconds later.
    await expect
      .poll(
        async () =>
          (await b.api({ method: "GET", url: `/api/users/${member.user.id}`, cookie: neighbour.cookie }))
            .statusCode,
        { timeout: 10_000 },
      )
      .toBe(200);

    const saved = await a.api({
      method: "PUT",
      url: "/api/user/profile",
      cookie: member.cookie,
      payload: {
        firstName: "Rita",
        lastName: "Reads",
        nameShown: "short",
        bio: "After",
        dietaryPrefs: null,
        profileImageUrl: null,
        allergyCodes: [],
        allergiesOther: "",
        dietTags: [],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const fence = saved.cookies.find((cookie) => cookie.name === FRESH_WRITE_COOKIE);
    expect(fence?.maxAge).toBe(7);

    // The member, on the other instance, with the cookie their write set: the primary, so "After".
    const own = await b.api({
      method: "GET",
      url: `/api/users/${member.user.id}`,
      cookie: `${member.cookie}; ${FRESH_WRITE_COOKIE}=1`,
    });
    expect(own.json().bio).toBe("After");
    // A neighbour reads the replica, which has not replayed the write yet, and then has.
    const theirs = await b.api({
      method: "GET",
      url: `/api/users/${member.user.id}`,
      cookie: neighbour.cookie,
    });
    expect(theirs.json().bio).toBe("Before");
    await expect
      .poll(
        async () =>
          (
            await b.api({ method: "GET", url: `/api/users/${member.user.id}`, cookie: neighbour.cookie })
          ).json().bio,
        { timeout: 10_000 },
      )
      .toBe("After");
  });

  it("answers every read while the replica is killed mid-run, from the primary, and says so on /healthz", async () => {
    const { user: cook } = await buildSignedInUser(a.db);
    const meal = await buildMeal(a.db, cook, { title: "Failover falafel" });
    const reader = await buildSignedInUser(a.db);
    await expect
      .poll(
        async () =>
          (await a.api({ method: "GET", url: `/api/meals/${meal.id}`, cookie: reader.cookie })).statusCode,
        { timeout: 10_000 },
      )
      .toBe(200);
    const statuses: number[] = [];
    let killed = false;
    const readers = Array.from({ length: 4 }, async () => {
      for (let i = 0; i < 40; i++) {
        if (i === 10 && !killed) {
          killed = true;
          topology.killReplica();
        }
        const response = await a.api({ method: "GET", url: `/api/meals/${meal.id}`, cookie: reader.cookie });
        statuses.push(response.statusCode);
        const list = await a.api({ method: "GET", url: "/api/meals?limit=5", cookie: reader.cookie });
        statuses.push(list.statusCode);
      }
    });
    await Promise.all(readers);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(statuses).toHaveLength(320);
    const health = await (await fetch(`${a.config.publicUrl}/healthz`)).json();
    expect(health).toMatchObject({ status: "ok", replica: { state: "down" } });
  });
});

describe("object storage on an S3 server", () => {
  const BUCKET = "mealshare-objects";
  let bucket: S3rver;
  let directory: string;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), "mealshare-s3-"));
    bucket = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = (await bucket.run()) as AddressInfo;
    const env = {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "1",
    };
    // Two instances with a data directory each (createTestApp makes its own) and one database.
    a = await createTestApp({ listen: true, env });
    b = await createTestApp({ listen: true, env, database: a.database });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await bucket?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it("serves a photo uploaded through one instance from the other, with no disk in common", async () => {
    const cook = await buildSignedInUser(a.db);
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c83" } })
      .jpeg()
      .toBuffer();
    const params = await a.api({
      method: "POST",
      url: "/api/objects/upload",
      cookie: cook.cookie,
      payload: { contentLength: photo.length },
    });
    expect(params.statusCode, params.body).toBe(200);
    const { uploadURL } = params.json() as { uploadURL: string };
    // A presigned URL of the S3 server itself: the bytes never pass through an instance.
    expect(new URL(uploadURL).searchParams.get("X-Amz-Signature")).toBeTruthy();
    const put = await fetch(uploadURL, {
      method: "PUT",
      body: photo,
      headers: { "content-type": "image/jpeg" },
    });
    expect(put.status).toBe(200);
    const registered = await a.api({
      method: "PUT",
      url: "/api/meal-photos",
      cookie: cook.cookie,
      payload: { photoURL: uploadURL },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const { objectPath } = registered.json() as { objectPath: string };

    for (const file of [objectPath, objectPath.replace(/\.webp$/, "-400.webp")]) {
      const served = await fetch(`${b.config.publicUrl}${file}`, { headers: { cookie: cook.cookie } });
      expect(served.status, file).toBe(200);
      const image = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(image.format).toBe("webp");
    }
  });

  it("hands out a data export made by one instance's job from the other", async () => {
    const member = await buildSignedInUser(a.db);
    const asked = await a.api({ method: "POST", url: "/api/account/exports", cookie: member.cookie });
    expect(asked.statusCode, asked.body).toBe(202);
    await jobsSettled(a.db);
    const [ready] = (
      await b.api({ method: "GET", url: "/api/account/exports", cookie: member.cookie })
    ).json();
    expect(ready.url).toBe(`/api/account/exports/${asked.json().id}/download`);
    const download = await fetch(`${b.config.publicUrl}${ready.url}`, { headers: { cookie: member.cookie } });
    expect(download.status).toBe(200);
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    expect(Object.keys(files)).toContain("README.txt");
  });
});
