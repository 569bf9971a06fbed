import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { stripeEnv } from "./tests/stripe-keys";

/**
 * End-to-end tests in Debian's Chromium (no browser download: docs/DESIGN.md §1, this machine's rules)
 * against `npm start` on a fresh PGlite data dir.
 */
const PORT = 5055;
/**
 * The e2e servers' admins (tests/e2e/fixtures.ts `admin`, `germanAdmin`): the second is the one whose
 * saved language is German, so the one every other spec signs in as always speaks English.
 */
export const E2E_ADMIN_EMAILS = ["admin@example.test", "admin.de@example.test"];
/** Where the e2e server keeps its data (a test reads its session secret to sign an unsubscribe link). */
export const E2E_DATA_DIR = ".tmp/e2e-data";

/**
 * Debian's full Chromium (package chromium), quiet on a closed network (this machine's rules): for
 * what needs the whole browser, an installable app's checks and Lighthouse (installable.spec.ts).
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

/**
 * What the specs run in: Debian's Chromium headless shell (package chromium-headless-shell), the
 * same Blink without the full browser around it, which is what Playwright itself runs headless by
 * default. The same specs took 30 % less time in it than in the full browser on this machine; where
 * it is not installed, the full browser.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const testBrowserLaunchOptions = {
  ...chromiumLaunchOptions,
  executablePath:
    process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
};

/**
 * The geocoder and map tiles the e2e servers use, on this machine (tests/map-services.ts;
 * docs/features/neighbourhood.md): the tests never reach the internet.
 */
export const MAP_SERVICES_PORT = 5057;
export const MAP_SERVICES_URL = `http://127.0.0.1:${MAP_SERVICES_PORT}`;

/** The second e2e server: CURRENCY=EUR, DEFAULT_LOCALE=de. */
const EUR_PORT = 5056;
export const EUR_BASE_URL = `http://localhost:${EUR_PORT}`;

/**
 * The third e2e server: card payments on (docs/decisions/022), against the local Stripe the launcher
 * starts on `CARD_STRIPE_PORT` (card-payments.spec.ts). The other two have no payment settings.
 */
const CARD_PORT = 5058;
export const CARD_BASE_URL = `http://localhost:${CARD_PORT}`;
export const CARD_STRIPE_PORT = 5059;
export const CARD_STRIPE_WEBHOOK = `http://127.0.0.1:${CARD_PORT}/webhooks/stripe`;

/** An e2e app server: `npm start` on a fresh PGlite data dir, on `port`. */
export interface E2eServer {
  port: number;
  dataDir: string;
  /** Its environment, on top of the runner's. */
  env: Record<string, string>;
}

function server(port: number, dataDir: string, env: Record<string, string> = {}): E2eServer {
  return {
    port,
    dataDir,
    env: {
      PORT: String(port),
      // Loopback: the bundled dev sign-in grants ADMIN_EMAIL admin only there (docs/features/operations.md).
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: E2E_ADMIN_EMAILS.join(","),
      RATE_LIMIT_SIGNIN_PER_MINUTE: "1000",
      RATE_LIMIT_WRITES_PER_MINUTE: "10000",
      RATE_LIMIT_MESSAGES_PER_MINUTE: "10000",
      GEOCODER_URL: MAP_SERVICES_URL,
      GEOCODER_MIN_INTERVAL_MS: "0",
      MAP_TILE_URL: `${MAP_SERVICES_URL}/tiles/{z}/{x}/{y}.png`,
      ...env,
    },
  };
}

/** The e2e's app servers, which tests/e2e/servers.ts starts together. */
export const E2E_SERVERS: E2eServer[] = [
  server(PORT, E2E_DATA_DIR),
  // A deployment in euros whose default language is German (docs/features/languages-currency-impact.md
  // point 2; languages.spec.ts).
  server(EUR_PORT, `${E2E_DATA_DIR}-eur`, { CURRENCY: "EUR", DEFAULT_LOCALE: "de" }),
  server(CARD_PORT, `${E2E_DATA_DIR}-cards`, stripeEnv({ url: `http://127.0.0.1:${CARD_STRIPE_PORT}` })),
];

export default defineConfig({
  testDir: "tests/e2e",
  // Two browsers share the two cores: a test waits on the server and the page's rendering much of
  // its time. Each test signs its own people in, so specs do not depend on each other.
  workers: 2,
  // No retries: a test that fails once is a bug, in the app or the test (docs/ARCHITECTURE.md
  // "Tests"); a retry would only hide it. `--retries 1` locally traces the failure (below), and
  // failOnFlakyTests still fails such a run.
  retries: 0,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The list, then one line of counts, flaky included, that a CI log can be searched for.
  reporter: [["list"], ["./tests/e2e/counts-reporter.ts"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A test run again with `--retries 1` is traced (DOM snapshots and network, no screencast);
    // recording a trace of every test cost a tenth of the suite's time.
    trace: { mode: "on-first-retry", screenshots: false },
    // Members who ask for less motion get none (src/client/index.css): no frames spent animating.
    reducedMotion: "reduce",
    launchOptions: testBrowserLaunchOptions,
    // The app's service worker would sit between pages and `page.route`; the specs of the
    // installable app (installable.spec.ts) allow it.
    serviceWorkers: "block",
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  // One web server for them all: Playwright starts its web servers one after another, each waiting
  // for the last, and the apps' first starts (initdb and every migration) overlap well.
  webServer: {
    command: "npx tsx tests/e2e/servers.ts",
    // The launcher serves the map services only once every app answers: this URL means all are up.
    url: `${MAP_SERVICES_URL}/tiles/0/0/0.png`,
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
