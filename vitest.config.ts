import path from "node:path";
import { defineConfig } from "vitest/config";
import TestSequencer from "./tests/sequencer.ts";

/**
 * Unit tests, and the API suite against PGlite; with TEST_DATABASE_URL set the API suite runs a
 * second time against that PostgreSQL server (each test file in a database of its own).
 */
const alias = { "@": path.resolve(import.meta.dirname, "src") };
const apiProject = (
  name: string,
  db: "pglite" | "postgres" | "pgbouncer",
  include = ["tests/api/**/*.test.ts"],
) => ({
  resolve: { alias },
  test: {
    name,
    include,
    env: { MEALSHARE_TEST_DB: db },
    // Made before the workers start: the migrated dump (PGlite) or template database (PostgreSQL)
    // every test database starts from, and the compiled server that server processes run.
    globalSetup: [
      "tests/api/built-server.ts",
      {
        pglite: "tests/api/pglite-template.ts",
        postgres: "tests/api/postgres-template.ts",
        pgbouncer: "tests/api/pgbouncer-setup.ts",
      }[db],
    ],
    provide: { pgliteTemplate: "", postgresTemplate: "", pgbouncerTopology: "" as const },
    // Files share a worker's loaded modules: each builds its own app and database, and no test
    // mocks a module or changes process.env (docs/decisions/004).
    isolate: false,
    // Behind PgBouncer every statement makes one more hop and is planned at each run (decision 021):
    // the 200-message burst takes about 10 s there against 4 s direct.
    testTimeout: db === "pgbouncer" ? 60_000 : 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: { alias },
  test: {
    pool: "forks",
    // Twice the cores of the machine CI runs on: API test files wait on timers, jobs and child
    // servers much of their time, so four share two cores well (docs/decisions/004).
    maxWorkers: 4,
    // On a fresh clone, the files that run the server as a process start first in their project.
    sequence: { sequencer: TestSequencer },
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      apiProject("api-pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [apiProject("api-postgres", "postgres")] : []),
      // Once behind PgBouncer in transaction mode (docs/decisions/021), with CI (which installs it): the
      // files that cover live updates, jobs, locks and migrations.
      ...(process.env.TEST_PGBOUNCER
        ? [
            apiProject("api-pgbouncer", "pgbouncer", [
              "tests/api/{live,concurrency,contention,draws,reminders,schedules,migrations,exchange}.test.ts",
            ]),
          ]
        : []),
      // Past one machine (docs/decisions/021): PgBouncer, a streaming replica and an S3 server of
      // their own (tests/topology.ts), once, whatever TEST_DATABASE_URL says.
      {
        resolve: { alias },
        test: {
          name: "api-topology",
          include: ["tests/topology/**/*.test.ts"],
          provide: { pgliteTemplate: "", postgresTemplate: "", pgbouncerTopology: "" as const },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
