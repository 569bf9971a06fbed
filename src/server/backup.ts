/**
 * Backups (docs/features/operations.md "Operations"): one .tar.gz holding a consistent snapshot of the
 * database — PGlite's own data-directory dump, or `pg_dump --format=custom` for PostgreSQL — the locally
 * stored photos, and a manifest. Restoring brings it back into an empty data directory (PGlite) or an
 * empty database (PostgreSQL). PGlite's snapshot needs the data directory to itself, so the server is
 * stopped first (the directory lock says so); pg_dump works while it runs.
 */
import { execFile } from "node:child_process";
import {
  chmodSync,
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";
import type { Config } from "./config";
import { openDatabase, pgliteExtensions } from "./db/client";
import { eraseAccount, erasedAccountIds } from "./features/accounts";
import { createStorage } from "./storage/storage";

const run = promisify(execFile);

/** What a backup holds, written as manifest.json. */
interface Manifest {
  format: 1;
  database: "pglite" | "postgres";
  createdAt: string;
  photos: boolean;
}

const DATABASE_FILES = { pglite: "database.tar.gz", postgres: "database.pgdump" } as const;

/** Thrown for a backup or restore that cannot go ahead; `message` is the one line to print. */
export class BackupError extends Error {}

/**
 * Writes a backup of the configured database and local photos to `file` (a .tar.gz).
 * @throws DataDirLockedError while a server has the PGlite data directory open
 * @throws BackupError when pg_dump fails
 */
export async function createBackup(config: Config, file: string): Promise<Manifest> {
  const work = mkdtempSync(path.join(os.tmpdir(), "mealshare-backup-"));
  try {
    const kind = config.databaseUrl ? "postgres" : "pglite";
    if (config.databaseUrl) {
      await pgTool("pg_dump", config.databaseUrl, (dbname) => [
        "--format=custom",
        "--no-owner",
        `--file=${path.join(work, DATABASE_FILES.postgres)}`,
        `--dbname=${dbname}`,
      ]);
    } else {
      // Opening takes the directory lock: no server may write while the snapshot is taken.
      const database = await openDatabase({ dataDir: config.dataDir });
      try {
        if (database.driver.kind !== "pglite") throw new BackupError("expected PGlite");
        const dump = await database.driver.client.dumpDataDir("gzip");
        writeFileSync(path.join(work, DATABASE_FILES.pglite), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await database.close();
      }
    }
    const photos = path.join(config.dataDir, "objects");
    const hasPhotos = !config.s3 && existsSync(photos);
    if (hasPhotos) cpSync(photos, path.join(work, "objects"), { recursive: true });
    const manifest: Manifest = {
      format: 1,
      database: kind,
      createdAt: new Date().toISOString(),
      photos: hasPhotos,
    };
    writeFileSync(path.join(work, "manifest.json"), JSON.stringify(manifest, null, 2));
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    // The whole database is in it: readable by its owner only, from the first byte written.
    await pipeline(
      tar.create({ gzip: true, cwd: work, portable: true }, readdirSync(work)),
      createWriteStream(file, { mode: 0o600 }),
    );
    chmodSync(file, 0o600);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Restores `file` into the configured, empty, data directory or database, then erases again the
 * accounts `DATA_DIR/erased-accounts.log` lists (deletions made after the backup was taken).
 * @returns the backup's manifest, and how many accounts it brought back that were erased again
 * @throws BackupError when the target is not empty, or the backup is of the other kind of database
 */
export async function restoreBackup(
  config: Config,
  file: string,
): Promise<Manifest & { erasedAgain: number }> {
  const work = mkdtempSync(path.join(os.tmpdir(), "mealshare-restore-"));
  try {
    await tar.extract({ file, cwd: work });
    const manifest = JSON.parse(readFileSync(path.join(work, "manifest.json"), "utf8")) as Manifest;
    const kind = config.databaseUrl ? "postgres" : "pglite";
    if (manifest.database !== kind) {
      throw new BackupError(
        `This backup is of a ${manifest.database} database; the configuration points at ${kind}.`,
      );
    }
    const pgliteDir = path.join(config.dataDir, "pglite");
    const photosDir = path.join(config.dataDir, "objects");
    if (config.databaseUrl) {
      await assertEmptyPostgres(config.databaseUrl);
      await pgTool("pg_restore", config.databaseUrl, (dbname) => [
        "--no-owner",
        "--exit-on-error",
        `--dbname=${dbname}`,
        path.join(work, DATABASE_FILES.postgres),
      ]);
    } else {
      if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
        throw new BackupError(`${config.dataDir} already holds a database: restore into an empty DATA_DIR.`);
      }
      mkdirSync(pgliteDir, { recursive: true });
      const dump = new Blob([readFileSync(path.join(work, DATABASE_FILES.pglite))]);
      const client = await PGlite.create(pgliteDir, { loadDataDir: dump, extensions: pgliteExtensions });
      await client.close();
    }
    if (manifest.photos) {
      if (existsSync(photosDir) && readdirSync(photosDir).length > 0) {
        throw new BackupError(`${photosDir} is not empty: restore into an empty DATA_DIR.`);
      }
      cpSync(path.join(work, "objects"), photosDir, { recursive: true });
    }
    // Opening applies any migration newer than the backup, as a start would.
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    try {
      // Accounts erased since the backup was taken stay erased (docs/decisions/017).
      const storage = createStorage(config);
      let erasedAgain = 0;
      for (const id of erasedAccountIds(config.dataDir)) {
        if (await eraseAccount(database.db, storage, id, { dataDir: config.dataDir })) erasedAgain++;
      }
      return { ...manifest, erasedAgain };
    } finally {
      await database.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * How to hand a database URL to PostgreSQL's command-line tools without its password on the
 * command line (where `ps` shows it to every user of the machine): the URL without the password
 * as `--dbname`, the password in `PGPASSWORD`, which libpq reads.
 * @returns the URL to pass and the environment to run the tool with
 */
export function pgToolConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.PGPASSWORD;
  if (password) env.PGPASSWORD = password;
  return { dbname: url.href, env };
}

async function pgTool(
  tool: "pg_dump" | "pg_restore",
  databaseUrl: string,
  args: (dbname: string) => string[],
) {
  const { dbname, env } = pgToolConnection(databaseUrl);
  try {
    await run(tool, args(dbname), { maxBuffer: 16 * 1024 * 1024, env });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === "ENOENT") throw new BackupError(`${tool} was not found: install PostgreSQL's client tools.`);
    throw new BackupError(
      `${tool} failed: ${
        String(stderr ?? "")
          .trim()
          .split("\n")[0]
      }`,
    );
  }
}

async function assertEmptyPostgres(url: string) {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as tables from information_schema.tables where table_schema in ('public', 'drizzle')",
    );
    if (rows[0].tables > 0)
      throw new BackupError("The database already has tables: restore into an empty database.");
  } finally {
    await client.end();
  }
}
