/**
 * The app as a browser bench meets it (bench/lighthouse.ts, bench/first-card.ts): a fresh data dir
 * seeded with `npm run seed` and served as `npm start` serves it, on BENCH_PORT or a free port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "../src/server/db/client";
import { freePort } from "../tests/free-port";
import type { BenchCertificate } from "./tls";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs a script with plain node (TypeScript under tsx), its output nowhere but its errors. */
function run(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  // The start script is plain JavaScript (docs/features/operations.md).
  const args = script.endsWith(".ts") ? ["--import", "tsx", script] : [script];
  return spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** A running seeded app: where it answers, and how to stop it and remove its data. */
export interface SeededApp {
  base: string;
  stop: () => Promise<void>;
}

/**
 * Seeds a fresh data dir and starts the app on it.
 * @param prepare run on the seeded data dir before the app starts (more rows for a bench)
 * @param tls a certificate (bench/tls.ts) to serve HTTPS with HTTP/2 with, as a deployment does;
 *   plain HTTP/1.1 without
 * @throws Error when the app exits or does not answer within two minutes
 */
export async function startSeededApp(
  name: string,
  prepare?: (dataDir: string) => Promise<void>,
  tls?: BenchCertificate,
): Promise<SeededApp> {
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const base = `${tls ? "https" : "http"}://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `mealshare-${name}-`));
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: "warn",
    PUBLIC_URL: base,
    ...(tls ? { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile } : {}),
  };
  const seed = run("scripts/seed.ts", env);
  await new Promise((resolve) => seed.once("exit", resolve));
  await prepare?.(dataDir);
  const server = run("scripts/start.mjs", env);
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    try {
      await fetch(`${base}/api/auth/user`);
      return { base, stop };
    } catch {
      if (server.exitCode !== null || Date.now() - started > 120_000) {
        await stop();
        throw new Error("the app did not start");
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * A `prepare` for `startSeededApp`: `count` copies of one of the seed's free meals ("Extra meal N"),
 * open now, on a jittered grid of 20 columns about 2 km across the seed's meals' centre.
 */
export function addOpenMeals(count: number) {
  return async (dataDir: string) => {
    const database = await openDatabase({ dataDir });
    try {
      const columns = (
        await queryRows<{ name: string }>(
          database.db,
          sql`select column_name as name from information_schema.columns
              where table_name = 'meals' and is_generated = 'NEVER' and is_identity = 'NO'
                and column_name not in ('id', 'title', 'pickup_latitude', 'pickup_longitude', 'created_at', 'updated_at')`,
        )
      ).map(({ name }) => sql.identifier(name));
      const list = sql.join(columns, sql`, `);
      await database.db.execute(sql`
        insert into meals (${list}, title, pickup_latitude, pickup_longitude, created_at)
        select ${list}, 'Extra meal ' || n,
          round((c.lat + ((n / 20) - 7.5) * 0.0012 + sin(n * 7.1) * 0.0004)::numeric, 3)::float8,
          round((c.lng + ((n % 20) - 9.5) * 0.0015 + cos(n * 3.3) * 0.0006)::numeric, 3)::float8,
          now() - n * interval '1 second'
        from (select * from meals where kind = 'free' order by created_at limit 1) m,
          (select avg(pickup_latitude) as lat, avg(pickup_longitude) as lng from meals) c,
          generate_series(0, ${count - 1}) n`);
    } finally {
      await database.close();
    }
  };
}
