/**
 * The deployment past one machine, on this one (docs/decisions/021): a PostgreSQL primary of its own
 * in a temporary directory, a streaming replica made from it with `pg_basebackup -R` (optionally
 * replaying a set delay behind), and Debian's PgBouncer in transaction mode in front of the primary.
 * Real servers speaking their own protocols, for the topology tests and `npm run bench:topology`.
 * Run as root (CI), the servers run as the `postgres` user, as both refuse root.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./free-port";

/** Where Debian keeps PostgreSQL's server programs (initdb, pg_ctl), newest version first. */
function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => path.join(root, v, "bin")).find((dir) => existsSync(path.join(dir, "initdb")));
}

const PGBOUNCER = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].find((file) => existsSync(file));

/** Why the topology cannot start here (a missing program), or null when it can. */
export function topologyMissing(): string | null {
  if (!postgresBin()) return "PostgreSQL's server programs (apt-get install postgresql)";
  if (!PGBOUNCER) return "PgBouncer (apt-get install pgbouncer)";
  if (process.getuid?.() === 0 && spawnSync("id", ["postgres"]).status !== 0) return "a postgres user";
  return null;
}

/** Runs a server program, as `postgres` when we are root. */
function run(program: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", program, ...args]] : [program, args];
  return execFileSync(file, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Resolves once `url` accepts a query, or throws after `timeoutMs`. */
export async function waitForServer(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query("select 1");
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

export interface Topology {
  /** PostgreSQL itself (the primary), database `database`. */
  primaryUrl: string;
  /** The streaming replica of the same database. */
  replicaUrl: string;
  /** PgBouncer in transaction mode in front of the primary. */
  bouncerUrl: string;
  /** Stops the replica at once (`pg_ctl stop -m immediate`), as a crash would. */
  killReplica(): void;
  /** Stops everything and removes its files. */
  close(): void;
}

/**
 * Starts a primary, its replica and PgBouncer on free ports, with an empty database `database` in
 * each (the replica by replication).
 * @param options.replica false: no replica (the pooler's API suite needs none)
 * @param options.replicaDelaySeconds the replica replays every transaction this long after the
 *   primary committed it (`recovery_min_apply_delay`), to test reads that are behind
 * @throws Error when a program is missing (`topologyMissing` says which) or a server does not start
 */
export async function startTopology(
  options: { database?: string; replicaDelaySeconds?: number; replica?: boolean } = {},
): Promise<Topology> {
  const missing = topologyMissing();
  if (missing) throw new Error(`The topology needs ${missing}`);
  const bin = postgresBin()!;
  const database = options.database ?? "mealshare";
  const dir = mkdtempSync(path.join(os.tmpdir(), "mealshare-topology-"));
  chmodSync(dir, 0o777);
  const [primaryPort, replicaPort, bouncerPort] = [await freePort(), await freePort(), await freePort()];
  const primaryDir = path.join(dir, "primary");
  const replicaDir = path.join(dir, "replica");
  const started: (() => void)[] = [];
  const close = () => {
    for (const stop of started.reverse()) {
      try {
        stop();
      } catch {}
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run(path.join(bin, "initdb"), [
      "-D",
      primaryDir,
      "-U",
      "postgres",
      "--auth=trust",
      "-E",
      "UTF8",
      "--no-sync",
    ]);
    writeFileSync(
      path.join(primaryDir, "postgresql.auto.conf"),
      [
        `port = ${primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        "wal_level = replica",
        "max_wal_senders = 5",
        "max_connections = 200",
        // A test server: durability is not what is tested.
        "fsync = off",
        "synchronous_commit = off",
        "full_page_writes = off",
        "",
      ].join("\n"),
      { flag: "a" },
    );
    writeFileSync(
      path.join(primaryDir, "pg_hba.conf"),
      "local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n",
    );
    run(path.join(bin, "pg_ctl"), ["-D", primaryDir, "-l", path.join(dir, "primary.log"), "-w", "start"]);
    started.push(() => run(path.join(bin, "pg_ctl"), ["-D", primaryDir, "-m", "immediate", "stop"]));
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/${database}`;
    const admin = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    });
    await admin.connect();
    if (database !== "postgres") await admin.query(`create database "${database}"`);
    await admin.end();

    let replicaRunning = false;
    const stopReplica = () => {
      if (!replicaRunning) return;
      replicaRunning = false;
      run(path.join(bin, "pg_ctl"), ["-D", replicaDir, "-m", "immediate", "stop"]);
    };
    const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/${database}`;
    if (options.replica !== false) {
      run("/usr/bin/pg_basebackup", [
        "-h",
        "127.0.0.1",
        "-p",
        String(primaryPort),
        "-U",
        "postgres",
        "-D",
        replicaDir,
        "-R",
        "-X",
        "stream",
        "--no-sync",
        "-c",
        "fast",
      ]);
      writeFileSync(
        path.join(replicaDir, "postgresql.auto.conf"),
        [
          `port = ${replicaPort}`,
          `recovery_min_apply_delay = '${Math.round((options.replicaDelaySeconds ?? 0) * 1000)}ms'`,
          // Reads on the standby are not cancelled by the primary's cleanup while they run.
          "hot_standby_feedback = on",
          "",
        ].join("\n"),
        { flag: "a" },
      );
      run(path.join(bin, "pg_ctl"), ["-D", replicaDir, "-l", path.join(dir, "replica.log"), "-w", "start"]);
      replicaRunning = true;
      started.push(stopReplica);
    }

    const ini = path.join(dir, "pgbouncer.ini");
    writeFileSync(path.join(dir, "userlist.txt"), '"postgres" ""\n');
    writeFileSync(
      ini,
      [
        "[databases]",
        // The app's bounds on statements and lock waits, which PgBouncer 1.18 will not take as startup
        // parameters (docs/decisions/021).
        `* = host=127.0.0.1 port=${primaryPort} connect_query='SET statement_timeout = 15000; SET lock_timeout = 10000'`,
        "[pgbouncer]",
        "listen_addr = 127.0.0.1",
        `listen_port = ${bouncerPort}`,
        `unix_socket_dir = ${dir}`,
        "auth_type = trust",
        `auth_file = ${path.join(dir, "userlist.txt")}`,
        "pool_mode = transaction",
        "max_client_conn = 2000",
        "default_pool_size = 40",
        "ignore_startup_parameters = extra_float_digits",
        `logfile = ${path.join(dir, "pgbouncer.log")}`,
        `pidfile = ${path.join(dir, "pgbouncer.pid")}`,
        "",
      ].join("\n"),
    );
    chmodSync(ini, 0o644);
    run(PGBOUNCER!, ["-d", "-q", ini]);
    started.push(() => {
      const pid = Number(readFileSync(path.join(dir, "pgbouncer.pid"), "utf8"));
      if (pid) process.kill(pid, "SIGTERM");
    });
    const bouncerUrl = `postgres://postgres@127.0.0.1:${bouncerPort}/${database}`;
    await Promise.all([replicaRunning ? waitForServer(replicaUrl) : undefined, waitForServer(bouncerUrl)]);
    return { primaryUrl, replicaUrl, bouncerUrl, killReplica: stopReplica, close };
  } catch (error) {
    close();
    throw error;
  }
}
