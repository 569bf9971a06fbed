/**
 * The e2e's servers, started together (playwright.config.ts runs this as its one web server):
 * Playwright starts its web servers one after another, each waiting for the one before, and each app's
 * first start on a fresh data dir (initdb, every migration) took seconds the other could share.
 *
 * Builds what is missing first, once (`npm start` would, but two at once would build the same files
 * at the same time), then starts every app of `E2E_SERVERS` as `node scripts/start.mjs` on a fresh
 * data dir, waits until each answers, and only then serves the map services (tests/map-services.ts)
 * on the URL Playwright waits for, so that URL answering means all of them are up. An app that exits
 * ends the launcher; Playwright stops the launcher's process group, apps included, when the run ends.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import {
  CARD_STRIPE_PORT,
  CARD_STRIPE_WEBHOOK,
  E2E_SERVERS,
  MAP_SERVICES_PORT,
} from "../../playwright.config";
import { eventually } from "../eventually";
import { startGeocoderFixture } from "../map-services";
import { startStripe } from "../payments";

const root = path.resolve(import.meta.dirname, "../..");

/** scripts/ensure-built.mjs, as `npm start` runs it. */
const built = (await import(path.join(root, "scripts/ensure-built.mjs"))) as {
  ensureClientBuilt(): Promise<void>;
  ensureServerBuilt(): Promise<void>;
};
await built.ensureClientBuilt();
await built.ensureServerBuilt();

// The card-payment server's local Stripe (docs/decisions/022), up before the app that calls it.
await startStripe({ port: CARD_STRIPE_PORT, webhookUrl: CARD_STRIPE_WEBHOOK });

const apps: ChildProcess[] = E2E_SERVERS.map((server) => {
  rmSync(path.resolve(root, server.dataDir), { recursive: true, force: true });
  const app = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: { ...process.env, ...server.env },
    stdio: "inherit",
  });
  app.once("exit", (code, signal) => {
    console.error(`The e2e server on port ${server.port} exited (${signal ?? code}).`);
    process.exit(1);
  });
  return app;
});

/** Resolves once the app on `port` answers HTTP at all (signed out, its user route says 401). */
async function answers(port: number) {
  await eventually(
    () =>
      fetch(`http://127.0.0.1:${port}/api/auth/user`).then(
        () => true,
        () => false,
      ),
    {
      until: (up) => up,
      failure: () => `the e2e server on port ${port} never answered`,
      timeoutMs: 180_000,
      intervalMs: 100,
    },
  );
}

await Promise.all(E2E_SERVERS.map((server) => answers(server.port)));
const fixture = await startGeocoderFixture(MAP_SERVICES_PORT);
console.log(
  `e2e servers up: ${E2E_SERVERS.map((server) => server.port).join(", ")}; map services on ${fixture.url}`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const app of apps) app.kill(signal);
    process.exit(0);
  });
}
