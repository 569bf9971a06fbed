/**
 * Starts MealShare: validates the configuration, opens the database (applying migrations),
 * builds the app and listens. SIGINT/SIGTERM close the server and then the database, which
 * PGlite needs to flush and to let the process exit.
 */
import { buildApp } from "./app";
import { type Config, ConfigError, devLoginWarning, loadConfig } from "./config";
import { DataDirLockedError, openDatabase, TopologyError } from "./db/client";
import { mailerStartupLine } from "./mail";

/** Longest wait for requests in flight when stopping. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      ...config.databaseTopology,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    });
  } catch (error) {
    // A misconfigured pooler says so in one line (docs/decisions/021).
    if (error instanceof TopologyError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config, database });

  // Graceful shutdown: stop accepting (new requests on open connections get 503), end the live
  // streams with a retry hint, let requests in flight finish — for SHUTDOWN_GRACE_MS at most —
  // then close the database (PGlite flushes) and exit.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const grace = setTimeout(() => {
      app.log.warn(`requests still running after ${SHUTDOWN_GRACE_MS} ms; closing anyway`);
      // An HTTP/2 server has no such call: Fastify closes its sessions itself.
      if ("closeAllConnections" in app.server) app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    await app.close().catch((error) => app.log.error({ err: error }, "closing the server failed"));
    clearTimeout(grace);
    await database.close().catch((error) => app.log.error({ err: error }, "closing the database failed"));
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const warning = devLoginWarning(config);
  if (warning) app.log.warn(warning);
  const email = mailerStartupLine(config);
  if (email) app.log.info(email);
  app.log.info(
    `MealShare is serving ${config.publicUrl} (database: ${database.driver.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL"}; sign-in: ${signInLine(config)})`,
  );
}

/** What the start-up line says of sign-in (docs/decisions/016). */
function signInLine(config: Config): string {
  if (config.signIn === "oidc" && config.oidc) return config.oidc.issuerUrl;
  if (config.signIn === "email") return "emailed codes and passkeys";
  return "bundled dev provider";
}

main().catch((error) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
