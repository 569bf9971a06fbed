/**
 * A real app on a real, empty database for one test file: PGlite in memory by default, or a fresh
 * database on the TEST_DATABASE_URL server in the api-postgres project. Requests go through
 * `app.inject` (or real HTTP where a flow needs it) with a same-origin Origin header.
 */
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Agent } from "node:https";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../src/server/app";
import { type Config, loadConfig } from "../../src/server/config";
import { type Database, openDatabase, queryRows } from "../../src/server/db/client";
import { QUEUES } from "../../src/server/jobs/queue";
import { appStartedOn, reusedPglite } from "./pglite-reuse";
import { databaseUrl, onServer } from "./postgres-template";

export const ADMIN_EMAIL = "admin@example.test";

/** One app and its database, for one test file. */
export interface TestApp {
  app: FastifyInstance;
  /** `url` is set on PostgreSQL, so a second instance can open the same database. */
  database: Database & { url?: string };
  db: Database["db"];
  config: Config;
  /** Calls the API, optionally as a signed-in user (their session cookie). */
  api: (options: InjectOptions & { cookie?: string }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

/**
 * Which database this project's tests run on: PostgreSQL also in the api-pgbouncer project, where
 * it is reached through PgBouncer in transaction mode (docs/decisions/021).
 */
export const testDatabaseKind = () =>
  process.env.MEALSHARE_TEST_DB === "postgres" || process.env.MEALSHARE_TEST_DB === "pgbouncer"
    ? "postgres"
    : "pglite";

/** PgBouncer's URL of a test database → the primary's, for a second instance's direct URL. */
const directUrls = new Map<string, string>();

/**
 * Opens an empty, migrated database: PGlite in memory, or a new database on TEST_DATABASE_URL's
 * server that `close` drops again.
 * @param options.migrationsFolder apply these migrations instead of all of ./drizzle
 * @param options.poolSize PostgreSQL: connections in its pool (TEST_POOL_SIZE unless a test needs an app's 10)
 */
export async function openTestDatabase(
  options: { migrationsFolder?: string; poolSize?: number } = {},
): Promise<Database & { url?: string }> {
  if (testDatabaseKind() === "pglite") {
    // From the migrated dump (pglite-template.ts), unless the test wants other migrations; a
    // database an earlier file of this worker gave back, put back as the dump left it, if there is one.
    if (options.migrationsFolder) {
      return openDatabase({ dataDir: "memory://", migrationsFolder: options.migrationsFolder });
    }
    const loadDataDir = await pgliteTemplate();
    if (!loadDataDir) return openDatabase({ dataDir: "memory://" });
    return reusedPglite(() => openDatabase({ dataDir: "memory://", loadDataDir }));
  }
  if (process.env.MEALSHARE_TEST_DB === "pgbouncer") {
    const { inject } = await import("vitest");
    const topology = inject("pgbouncerTopology");
    if (!topology) throw new Error("the api-pgbouncer project's global setup did not run");
    return openServerTestDatabase(topology, options);
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the api-postgres project");
  return openServerTestDatabase({ primaryUrl: serverUrl }, options);
}

/**
 * A new database on a PostgreSQL server, a copy of the project's migrated template (postgres-template.ts,
 * pgbouncer-setup.ts) unless the test wants other migrations, that `close` drops again. With
 * `bouncerUrl` (the api-pgbouncer project) it is opened through PgBouncer in transaction mode, with
 * the server itself as its direct URL.
 */
async function openServerTestDatabase(
  server: { primaryUrl: string; bouncerUrl?: string },
  options: { migrationsFolder?: string; poolSize?: number },
): Promise<Database & { url?: string }> {
  const name = `mealshare_test_${randomBytes(6).toString("hex")}`;
  const template = options.migrationsFolder ? "" : await postgresTemplate();
  await onServer(server.primaryUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const directUrl = databaseUrl(server.primaryUrl, name);
  const url = server.bouncerUrl ? databaseUrl(server.bouncerUrl, name) : directUrl;
  if (server.bouncerUrl) directUrls.set(url, directUrl);
  const database = await openDatabase({
    url,
    directUrl: server.bouncerUrl ? directUrl : undefined,
    migrationsFolder: options.migrationsFolder,
    poolSize: options.poolSize ?? TEST_POOL_SIZE,
  });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      directUrls.delete(url);
      await onServer(server.primaryUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The pool each test instance keeps on PostgreSQL: four workers' files, some with two instances and a
 * server process, share the server's 100 connections, so each keeps fewer than an app's 10.
 */
export const TEST_POOL_SIZE = 5;

/** A second instance's connections to a test database (`url`), pooled as the first's. */
export const openSecondDatabase = (url: string) =>
  openDatabase({ url, directUrl: directUrls.get(url), poolSize: TEST_POOL_SIZE });

/** The api-postgres project's migrated template database; none outside Vitest or that project. */
async function postgresTemplate(): Promise<string> {
  if (!process.env.VITEST) return "";
  const { inject } = await import("vitest");
  return inject("postgresTemplate") ?? "";
}

let template: Blob | undefined;
/**
 * The api-pglite project's migrated dump, read once per test file; none outside Vitest (the
 * benchmarks and Playwright import this file too) or outside that project.
 */
async function pgliteTemplate(): Promise<Blob | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import("vitest");
  const file = inject("pgliteTemplate");
  if (!file) return undefined;
  template ??= new Blob([readFileSync(file)]);
  return template;
}

/**
 * A new PGlite data directory on disk (a temporary folder the caller removes) for a server process:
 * loaded from the migrated dump where the project has one (pglite-template.ts), which takes about a
 * second here and spares the server's start initdb and every migration (8 s of CPU → 3.4 s); empty
 * elsewhere, for the server to create.
 * @param prefix the temporary folder's name prefix
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const loadDataDir = await pgliteTemplate();
  if (loadDataDir) await (await openDatabase({ dataDir, loadDataDir })).close();
  return dataDir;
}

/**
 * A copy of ./drizzle without the migrations from `tag` on (e.g. "0004"), for testing what a
 * migration does to a database as it was before it. The caller removes the folder.
 */
export function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "mealshare-migrations-"));
  cpSync(path.resolve(import.meta.dirname, "../../drizzle"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  const upTo = journal.entries.findIndex((entry: { tag: string }) => entry.tag.startsWith(tag));
  if (upTo < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, upTo);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/**
 * An empty database as it was before migration `tag` (its migrations up to there only), for
 * testing what that migration does to existing rows; `migrateDatabase` then brings it up to date.
 * Closing it also removes the copied migrations.
 */
export async function openDatabaseBefore(tag: string): Promise<Database & { url?: string }> {
  const folder = migrationsBefore(tag);
  const database = await openTestDatabase({ migrationsFolder: folder });
  return {
    ...database,
    close: async () => {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

import { eventually } from "../eventually";
import { freePort } from "../free-port";

export { freePort };

/**
 * Builds the app on a fresh database.
 * @param options.listen serve real HTTP on a free port (for the OIDC redirect flow)
 * @param options.config configuration overrides, e.g. low rate limits
 * @param options.env more environment variables, read as the server reads them at start
 * @param options.clientDir a built client to serve; none by default (API only)
 * @param options.logLines collect the app's log lines (level warn and up, or `config.logLevel`)
 *   here instead of none
 * @param options.pushAgent TLS agent for Web Push (to trust a fake push service)
 */
export async function createTestApp(
  options: {
    listen?: boolean;
    config?: Partial<Config>;
    env?: NodeJS.ProcessEnv;
    database?: Database & { url?: string };
    clientDir?: string;
    logLines?: string[];
    pushAgent?: Agent;
  } = {},
): Promise<TestApp> {
  const database =
    options.database ?? (await openTestDatabase({ poolSize: options.config?.databasePoolSize }));
  const port = options.listen ? await freePort() : 5000;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mealshare-test-"));
  const config = loadConfig(
    {
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      HOST: "127.0.0.1",
      PORT: String(port),
      ADMIN_EMAIL,
      ...options.env,
    },
    {
      rateLimits: { signInPerMinute: 1000, writesPerMinute: 10_000, messagesPerMinute: 10_000 },
      // pg-boss's shortest: jobs (push, email, reminders) follow their cause within half a second.
      jobPollingSeconds: 0.5,
      // Tests run the scheduled jobs themselves; the clock would race them (schedules.test.ts
      // turns it on).
      scheduledJobs: false,
      ...options.config,
    },
  );
  const clientDir = options.clientDir ?? path.join(dataDir, "no-client");
  const logLines = options.logLines;
  // Until this app has stopped, its database is not handed to another file (pglite-reuse.ts).
  const appStopped = appStartedOn(database.db);
  const app = await buildApp({
    config: logLines ? { ...config, logLevel: options.config?.logLevel ?? "warn" } : config,
    database,
    clientDir,
    logStream: logLines ? { write: (line) => logLines.push(line) } : undefined,
    pushAgent: options.pushAgent,
  });
  if (options.listen) await app.listen({ port, host: "127.0.0.1" });
  else await app.ready();

  const api: TestApp["api"] = ({ cookie, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { origin: config.publicUrl, ...(cookie ? { cookie } : {}), ...headers },
    });

  return {
    app,
    database,
    db: database.db,
    config,
    api,
    close: async () => {
      await app.close();
      appStopped();
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Resolves when the job queue has nothing due left to do: no job of the app's queues waiting,
 * retrying or running whose time has come (docs/features/notifications.md). Tests that assert something
 * was not sent wait for this instead of sleeping.
 */
export async function jobsSettled(db: Database["db"], timeoutMs = 15_000): Promise<void> {
  await eventually(
    async () => {
      const [{ pending }] = await queryRows<{ pending: number }>(
        db,
        sql`select count(*)::int as "pending" from pgboss.job
            where state in ('created', 'retry', 'active') and start_after <= now()
              and name in (${sql.join(
                Object.values(QUEUES).map((queue) => sql`${queue}`),
                sql`, `,
              )})`,
      );
      return pending;
    },
    { until: (pending) => pending === 0, failure: (pending) => `${pending} jobs still pending`, timeoutMs },
  );
}
