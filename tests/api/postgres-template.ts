/**
 * Vitest global setup of the api-postgres project: one database on TEST_DATABASE_URL's server with
 * every migration applied, made once before the workers start. Each test's database is a copy of it
 * (`CREATE DATABASE … TEMPLATE`, harness.ts `openTestDatabase`) instead of running all the
 * migrations again (docs/decisions/004). Tests that need an older schema still build theirs from
 * the migrations. The template is dropped when the run ends.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated template database's name on TEST_DATABASE_URL's server, or "" where there is none. */
    postgresTemplate: string;
  }
}

/** `serverUrl` with another database. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** Runs one statement on the server's maintenance connection (CREATE and DROP DATABASE). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const name = `mealshare_template_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  // Migrated, with the job queue's schema, then closed: a template must have no connections.
  const database = await openDatabase({ url: databaseUrl(serverUrl, name) });
  await database.close();
  project.provide("postgresTemplate", name);
  return () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
