import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests in Debian's Chromium (no browser download: DESIGN.md §1, this machine's rules)
 * against `npm start` on a fresh PGlite data dir.
 */
const PORT = 5055;
export const E2E_ADMIN_EMAIL = "admin@example.test";

export default defineConfig({
  testDir: "tests/e2e",
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
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
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "rm -rf .tmp/e2e-data && node scripts/start.mjs",
    url: `http://localhost:${PORT}/api/auth/user`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      // Loopback: the bundled dev sign-in grants ADMIN_EMAIL admin only there (issue 11).
      HOST: "127.0.0.1",
      DATA_DIR: ".tmp/e2e-data",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: E2E_ADMIN_EMAIL,
      RATE_LIMIT_SIGNIN_PER_MINUTE: "1000",
      RATE_LIMIT_WRITES_PER_MINUTE: "10000",
      RATE_LIMIT_MESSAGES_PER_MINUTE: "10000",
    },
  },
});
