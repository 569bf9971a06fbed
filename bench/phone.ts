/**
 * The phone the browser benches measure on (bench/first-card.ts, bench/map-smooth.ts,
 * bench/long-list.ts): Debian's Chromium launched with the flags this machine allows, the seeded
 * member Maria signed in through the bundled identity provider, and a 375 × 812 px context with her
 * session and no service worker (each load as a first visit).
 */
import { type Browser, type BrowserContext, chromium } from "@playwright/test";
import { signInThroughProvider } from "../tests/api/oidc-flow";

/** Chromium's flags for a bench here: no sandbox or GPU, nothing fetched from outside. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Debian's Chromium (or CHROMIUM_PATH's), launched for a bench. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_FLAGS,
  });
}

/** Signs the seed's Maria in at `base`: her session cookies, for `phoneContext`. */
export async function signInMaria(base: string) {
  const { jar } = await signInThroughProvider(base, {
    email: "maria.lopez@example.org",
    firstName: "Maria",
    lastName: "Lopez",
  });
  return jar
    .header()
    .split("; ")
    .filter(Boolean)
    .map((pair) => {
      const [name = "", ...value] = pair.split("=");
      return { name, value: value.join("="), url: base };
    });
}

/** A fresh 375 × 812 px context holding `cookies`, without service workers. */
export async function phoneContext(
  browser: Browser,
  cookies: Awaited<ReturnType<typeof signInMaria>>,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    serviceWorkers: "block",
  });
  await context.addCookies(cookies);
  return context;
}
