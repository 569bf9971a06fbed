/**
 * docs/features/operations.md: `npm run backup` writes a consistent snapshot plus photos; `npm run
 * restore` brings it back.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { BackupError, createBackup, pgToolConnection, restoreBackup } from "../../src/server/backup";
import { loadConfig } from "../../src/server/config";
import { type Database, openDatabase } from "../../src/server/db/client";
import { meals, users } from "../../src/server/db/schema";
import { ERASURES_FILE, eraseAccount } from "../../src/server/features/accounts/deletion";
import { createStorage } from "../../src/server/storage/storage";
import { buildMeal, buildUser } from "../factories";
import { migratedDataDir, openTestDatabase, testDatabaseKind } from "./harness";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const PHOTO = "photos/00000000-0000-4000-8000-000000000001.webp";

const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mealshare-backup-test-"));
  folders.push(dir);
  return dir;
};
/** A temporary data directory whose database is already migrated (harness.ts). */
const migratedTempDir = async () => {
  const dir = await migratedDataDir("mealshare-backup-test-");
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A neighbourhood worth keeping: a cook, a meal with a photo. */
async function fill(database: Database, dataDir: string) {
  const cook = await buildUser(database.db, { firstName: "Kept" });
  await buildMeal(database.db, cook, { title: "Backed-up bake", photoPath: `/objects/${PHOTO}` });
  mkdirSync(path.join(dataDir, "objects/photos"), { recursive: true });
  writeFileSync(path.join(dataDir, "objects", PHOTO), "webp bytes");
}

async function contents(database: Database) {
  return {
    users: (await database.db.select({ firstName: users.firstName }).from(users)).map((row) => row.firstName),
    meals: (await database.db.select({ title: meals.title }).from(meals)).map((row) => row.title),
  };
}

describe("PostgreSQL's tools", () => {
  it("get the database password through PGPASSWORD, never on the command line", () => {
    const { dbname, env } = pgToolConnection(
      "postgres://meals:s%40cret%21@db.internal:5433/mealshare?sslmode=require",
    );
    expect(dbname).toBe("postgres://meals@db.internal:5433/mealshare?sslmode=require");
    expect(dbname).not.toContain("cret");
    expect(env.PGPASSWORD).toBe("s@cret!");
    expect(pgToolConnection("postgres://postgres@127.0.0.1/test").env.PGPASSWORD).toBeUndefined();
  });
});

describe.runIf(testDatabaseKind() === "pglite")("backup and restore with PGlite", () => {
  it("round-trips the database and the photos into an empty data directory", async () => {
    const source = await migratedTempDir();
    const database = await openDatabase({ dataDir: source });
    await fill(database, source);
    const before = await contents(database);
    await database.close();

    const file = path.join(tempDir(), "backup.tar.gz");
    const manifest = await createBackup(loadConfig({ DATA_DIR: source }), file);
    expect(manifest).toMatchObject({ database: "pglite", photos: true });
    // The whole database is in it: for its owner's eyes only.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const target = tempDir();
    await restoreBackup(loadConfig({ DATA_DIR: target }), file);
    const restored = await openDatabase({ dataDir: target });
    try {
      expect(await contents(restored)).toEqual(before);
      expect(readFileSync(path.join(target, "objects", PHOTO), "utf8")).toBe("webp bytes");
    } finally {
      await restored.close();
    }
    // Never over a database that is there.
    await expect(restoreBackup(loadConfig({ DATA_DIR: target }), file)).rejects.toBeInstanceOf(BackupError);
  }, 60_000);

  it("does not bring back an account deleted after the backup was taken (docs/decisions/017)", async () => {
    const source = await migratedTempDir();
    const database = await openDatabase({ dataDir: source });
    await fill(database, source);
    const leaving = await buildUser(database.db, { firstName: "Gone", email: "gone@example.test" });
    const file = path.join(tempDir(), "before-deletion.tar.gz");
    await database.close();
    await createBackup(loadConfig({ DATA_DIR: source }), file);

    // Deleted after the backup: the list beside the data keeps its id, and nothing else.
    const again = await openDatabase({ dataDir: source });
    const config = loadConfig({ DATA_DIR: source });
    expect(await eraseAccount(again.db, createStorage(config), leaving.id, { dataDir: source })).toBe(true);
    await again.close();
    const list = readFileSync(path.join(source, ERASURES_FILE), "utf8");
    expect(list).toMatch(new RegExp(`^${leaving.id} \\d{4}-`));
    expect(list).not.toContain("gone@example.test");

    // The machine is lost but for the list; the backup comes back without the member.
    const target = tempDir();
    writeFileSync(path.join(target, ERASURES_FILE), list);
    const restored = await restoreBackup(loadConfig({ DATA_DIR: target }), file);
    expect(restored.erasedAgain).toBe(1);
    const opened = await openDatabase({ dataDir: target });
    try {
      const [row] = await opened.db.select().from(users).where(eq(users.id, leaving.id));
      expect(row).toMatchObject({ firstName: "Former member", email: "" });
      expect((await contents(opened)).meals).toEqual(["Backed-up bake"]);
    } finally {
      await opened.close();
    }
  }, 60_000);

  it("runs as npm run backup / npm run restore", async () => {
    const source = await migratedTempDir();
    const database = await openDatabase({ dataDir: source });
    await fill(database, source);
    await database.close();
    const file = path.join(tempDir(), "cli.tar.gz");
    const env = { ...process.env, DATA_DIR: source };
    const backup = await run(process.execPath, ["scripts/backup.mjs", "backup", file], { cwd: root, env });
    expect(backup.stdout).toContain(`Backed up the pglite database and photos to ${file}.`);
    const target = tempDir();
    const restore = await run(process.execPath, ["scripts/backup.mjs", "restore", file], {
      cwd: root,
      env: { ...process.env, DATA_DIR: target },
    });
    expect(restore.stdout).toMatch(/^Restored the pglite database of .+ and its photos\./);
    expect(existsSync(path.join(target, "objects", PHOTO))).toBe(true);
  }, 120_000);
});

describe.runIf(testDatabaseKind() === "postgres")("backup and restore with PostgreSQL", () => {
  it("round-trips the database through pg_dump and pg_restore into an empty database", async () => {
    const source = await openTestDatabase();
    const sourceDir = tempDir();
    await fill(source, sourceDir);
    const before = await contents(source);
    const file = path.join(tempDir(), "pg.tar.gz");
    await createBackup(loadConfig({ DATA_DIR: sourceDir, DATABASE_URL: source.url }), file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await source.close();

    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `mealshare_restore_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      const targetDir = tempDir();
      await restoreBackup(loadConfig({ DATA_DIR: targetDir, DATABASE_URL: url.href }), file);
      const restored = await openDatabase({ url: url.href });
      try {
        expect(await contents(restored)).toEqual(before);
        expect(readFileSync(path.join(targetDir, "objects", PHOTO), "utf8")).toBe("webp bytes");
      } finally {
        await restored.close();
      }
      await expect(
        restoreBackup(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: url.href }), file),
      ).rejects.toThrow("The database already has tables");
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
