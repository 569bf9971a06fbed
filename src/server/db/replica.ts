/**
 * The streaming read replica (docs/decisions/021 "Reads on a replica"): a second pool whose
 * statements fall back to the primary's pool when the replica cannot answer them for want of a
 * connection (down, restarting, a conflict with recovery), and a check once a second of how far
 * behind it is. Lag is measured in time by write-ahead log position, not by the last replayed
 * transaction's timestamp, which grows on an idle primary though nothing is missing: the primary's
 * position is sampled each second, and the replica is as far behind as the oldest sample it has not
 * replayed yet.
 */
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { sqlState } from "../errors";
import * as schema from "./schema";
import type { Db, Replica } from "./types";

/** How often the replica's position is checked, ms. */
const CHECK_EVERY_MS = 1_000;
/** A check still unanswered after this long marks the replica down, ms. */
const CHECK_TIMEOUT_MS = 10_000;
/** The primary's positions kept to measure lag by, one a check: a minute. */
const SAMPLES_KEPT = 60;

/** SQLSTATE classes and codes that say the replica could not run the statement, not that it was wrong. */
const UNAVAILABLE_STATES = /^(08|57P0[1-3]|53300|40001)/;
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);

/**
 * Whether `error` means the replica was unavailable (so the primary should answer instead): a
 * connection refused, reset or timed out, a server shutting down or starting (57P01–57P03), too many
 * connections, or a query cancelled for a conflict with recovery (40001 on a standby).
 */
export function replicaUnavailable(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  if (UNAVAILABLE_STATES.test(sqlState(error) ?? "")) return true;
  const message = String((error as Error | undefined)?.message ?? "");
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout/i.test(
    message,
  );
}

/** A write-ahead log position ("16/B374D848") as a number of bytes. */
export function lsnBytes(lsn: string): bigint {
  const [high, low] = lsn.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * A pool on the replica whose queries and connections go to `primary` instead when the replica
 * cannot take them: a read never fails because the replica went away (docs/decisions/021).
 */
class ReplicaPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly primary: pg.Pool,
    private readonly onUnavailable: () => void,
  ) {
    super(config);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; Drizzle calls the promise ones.
  override query(...args: any[]): any {
    if (typeof args.at(-1) === "function") return (super.query as (...a: unknown[]) => unknown)(...args);
    return (super.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
      if (!replicaUnavailable(error)) throw error;
      this.onUnavailable();
      return (this.primary.query as (...a: unknown[]) => Promise<unknown>)(...args);
    });
  }

  /** A statement on the replica itself, never the primary: for measuring it. */
  onReplica<R extends pg.QueryResultRow>(text: string): Promise<pg.QueryResult<R>> {
    return super.query<R>(text);
  }

  // biome-ignore lint/suspicious/noExplicitAny: as query.
  override connect(...args: any[]): any {
    if (typeof args[0] === "function") return (super.connect as (...a: unknown[]) => unknown)(...args);
    return super.connect().catch((error: unknown) => {
      if (!replicaUnavailable(error)) throw error;
      this.onUnavailable();
      return this.primary.connect();
    });
  }
}

/**
 * How far the replica's replay is behind the primary, in seconds: the age of the oldest of the
 * primary's WAL positions (`samples`, one added per check) the replica has not replayed yet; 0 for a
 * server that is not a standby (pg_last_wal_replay_lsn is null there: nothing to lag behind).
 * @throws when either server fails to answer, or within `CHECK_TIMEOUT_MS`: a check that does not
 *   answer in time marks the replica down rather than keeping the last state
 */
async function measureLag(primary: pg.Pool, pool: ReplicaPool, samples: { at: number; lsn: bigint }[]) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("replica check timed out")), CHECK_TIMEOUT_MS);
  });
  try {
    const [{ rows: primaryRows }, replicaRows] = await Promise.race([
      timeout,
      Promise.all([
        primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn"),
        // Straight to the replica: a fallback here would measure the primary against itself.
        pool.onReplica<{ lsn: string | null }>("select pg_last_wal_replay_lsn()::text as lsn"),
      ]),
    ]);
    const now = Date.now();
    samples.push({ at: now, lsn: lsnBytes(primaryRows[0].lsn) });
    if (samples.length > SAMPLES_KEPT) samples.shift();
    const replayed = replicaRows.rows[0]?.lsn;
    if (!replayed) return 0;
    const position = lsnBytes(replayed);
    const oldestMissing = samples.find((sample) => sample.lsn > position);
    return oldestMissing ? (now - oldestMissing.at) / 1000 : 0;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens the replica at `url` beside the primary's `primary` pool and starts checking its lag.
 * @param options.maxLagSeconds behind by more than this, the replica is skipped until it catches up
 * @param options.poolSize connections to the replica
 */
export function openReplica(
  url: string,
  primary: pg.Pool,
  options: { maxLagSeconds: number; poolSize: number },
): Replica {
  let state: ReturnType<Replica["state"]> = { state: "down", lagSeconds: null };
  const markDown = () => {
    state = { state: "down", lagSeconds: null };
  };
  // A replica that hangs (a network partition) must not hold a read: each statement gives up after
  // the app's bound and goes to the primary.
  const pool = new ReplicaPool(
    { connectionString: url, max: options.poolSize, connectionTimeoutMillis: 2_000, query_timeout: 15_000 },
    primary,
    markDown,
  );
  pool.on("error", () => {});
  const samples: { at: number; lsn: bigint }[] = [];

  const check = async () => {
    try {
      const lagSeconds = await measureLag(primary, pool, samples);
      state = { state: lagSeconds > options.maxLagSeconds ? "lagging" : "in_use", lagSeconds };
    } catch {
      markDown();
    }
  };
  // One check at a time: a slow one is not queued behind by the next ticks.
  let running = true;
  let checking: Promise<void> = check().finally(() => {
    running = false;
  });
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    checking = check().finally(() => {
      running = false;
    });
  }, CHECK_EVERY_MS);
  timer.unref();

  return {
    db: drizzleNodePg(pool, { schema }) as unknown as Db,
    usable: () => state.state === "in_use",
    state: () => state,
    close: async () => {
      clearInterval(timer);
      await checking.catch(() => {});
      if (!pool.ended) await pool.end();
    },
  };
}
