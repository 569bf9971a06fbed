/**
 * Vitest global setup of the api-pgbouncer project (docs/decisions/021): a PostgreSQL of its own with
 * PgBouncer in transaction mode in front (tests/topology.ts), and a migrated template database, made
 * on the primary directly (PgBouncer would keep server connections to it open, and a template must have
 * none). Each test's database is a copy of it, which the tests reach through PgBouncer, with the
 * primary as their direct URL.
 */
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/client";
import { startTopology } from "../topology";
import { databaseUrl, onServer } from "./postgres-template";

declare module "vitest" {
  export interface ProvidedContext {
    /** The primary's and PgBouncer's server URLs, or "" outside the api-pgbouncer project. */
    pgbouncerTopology: { primaryUrl: string; bouncerUrl: string } | "";
  }
}

export default async function setup(project: TestProject) {
  const topology = await startTopology({ replica: false, database: "postgres" });
  const name = `mealshare_template_${randomBytes(6).toString("hex")}`;
  await onServer(topology.primaryUrl, `CREATE DATABASE ${name}`);
  const database = await openDatabase({ url: databaseUrl(topology.primaryUrl, name) });
  await database.close();
  project.provide("pgbouncerTopology", { primaryUrl: topology.primaryUrl, bouncerUrl: topology.bouncerUrl });
  project.provide("postgresTemplate", name);
  return () => topology.close();
}
