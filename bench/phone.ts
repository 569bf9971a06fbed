/**
 * The phone the browser benches measure on (bench/first-card.ts, bench/map-smooth.ts,
 * bench/long-list.ts): Debian's Chromium launched with the flags this machine allows, the seeded
 * member Maria signed in through the bundled identity provider, and a 375 × 812 px context with her
 * session and no service worker (each load as a first visit).
 */
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../playwright.config";
import { signInThroughProvider } from "../tests/api/oidc-flow";

/** Chromium's flags here (the e2e suite's): no sandbox or GPU, nothing fetched from outside. */
export const CHROMIUM_FLAGS = chromiumLaunchOptions.args;

/**
 * Debian's full Chromium (or CHROMIUM_PATH's), launched for a bench as the e2e suite launches it.
 * @param extraArgs more flags (bench/tls.ts's trust of its certificate)
 */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, ...extraArgs] });
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

/**
 * Slows `page` down as a cheap phone on a poor connection: the CPU `cpuSlowdown` times slower (the
 * DevTools protocol's throttling, as Lighthouse's mobile setting), and with `slowNetwork` a 400 ms round
 * trip at 50 KB/s each way (DevTools' network emulation; bench/first-card.ts, bench/slow.ts).
 */
export async function slowPhone(page: Page, cpuSlowdown: number, slowNetwork: boolean): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  if (!slowNetwork) return;
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: 50 * 1024,
    uploadThroughput: 50 * 1024,
  });
}
