import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Unit tests, and the API suite against PGlite; with TEST_DATABASE_URL set the API suite runs a
 * second time against that PostgreSQL server (each test file in a database of its own).
 */
const alias = { "@": path.resolve(import.meta.dirname, "src") };
const apiProject = (name: string, db: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name,
    include: ["tests/api/**/*.test.ts"],
    env: { MEALSHARE_TEST_DB: db },
    // Every test database starts from one migrated dump (PGlite) or template database (PostgreSQL)
    // made before the workers start.
    globalSetup: [db === "pglite" ? "tests/api/pglite-template.ts" : "tests/api/postgres-template.ts"],
    provide: { pgliteTemplate: "", postgresTemplate: "" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: { alias },
  test: {
    pool: "forks",
    maxWorkers: 2,
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      apiProject("api-pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [apiProject("api-postgres", "postgres")] : []),
    ],
  },
});
