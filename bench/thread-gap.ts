/**
 * `npx tsx bench/thread-gap.ts`: the probe of docs/features/exchange.md "A thread never misses a
 * message". The seed's Maria opens a thread at 375 px in a fresh context; the cook writes in it 0, 50,
 * 150, 300 and 600 ms after the navigation starts (so before, during and after the page's first answer
 * and its live stream's `ready`), at the CPU's own speed and slowed 4×, `BENCH_TRIES` (10) times each.
 * A message counts as shown live when it is on screen within 5 s with no reload. Prints, per slowdown
 * and moment, how many of the tries showed it; any miss makes the exit code 1.
 *
 * A fresh data dir is seeded (`npm run seed`) and served as `npm start` does, with the message and write
 * limits raised for the probe's one writer. Run after `npm run build`.
 */
import { signInThroughProvider } from "../tests/api/oidc-flow";
import { launchChromium, phoneContext, signInMaria } from "./phone";
import { startSeededApp } from "./seeded-app";

const TRIES = Number(process.env.BENCH_TRIES ?? 10);
const MOMENTS_MS = [0, 50, 150, 300, 600];
const SLOWDOWNS = [1, 4];

// One cook writes about 100 messages in a few minutes: more than a neighbour's limits allow.
process.env.RATE_LIMIT_MESSAGES_PER_MINUTE = "10000";
process.env.RATE_LIMIT_WRITES_PER_MINUTE = "10000";
const app = await startSeededApp("thread-gap");
const BASE = app.base;
const browser = await launchChromium();
let missed = 0;
try {
  const maria = await signInMaria(BASE);
  const { jar: cookJar } = await signInThroughProvider(BASE, {
    email: "probe.cook@example.org",
    firstName: "Petra",
    lastName: "Probe",
  });
  const call = async (jar: string, method: string, url: string, body: unknown) => {
    const response = await fetch(`${BASE}${url}`, {
      method,
      headers: { cookie: jar, origin: BASE, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const mariaJar = maria.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  const meal = await call(cookJar.header(), "POST", "/api/meals", {
    title: "Probe soup",
    description: "For the probe.",
    kind: "free",
    portionSize: 2,
    ingredients: "leeks",
    pickupLocation: "Porch",
    pickupWindowStart: new Date(Date.now() + 3_600_000).toISOString(),
    pickupWindowEnd: new Date(Date.now() + 3 * 3_600_000).toISOString(),
  });
  const request = await call(mariaJar, "POST", "/api/requests", { mealId: meal.id, message: "Probe" });
  for (const slowdown of SLOWDOWNS) {
    for (const moment of MOMENTS_MS) {
      let shown = 0;
      for (let trial = 0; trial < TRIES; trial++) {
        const context = await phoneContext(browser, maria);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
        const text = `Probe ${slowdown}x ${moment} ms #${trial} ${Date.now()}`;
        const started = Date.now();
        const navigation = page.goto(`${BASE}/request/${request.id}`, { waitUntil: "commit" });
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + moment - Date.now())));
        await call(cookJar.header(), "POST", `/api/requests/${request.id}/messages`, { body: text });
        await navigation;
        const seen = await page
          .getByTestId("message-list")
          .getByText(text, { exact: true })
          .waitFor({ state: "visible", timeout: 5_000 })
          .then(
            () => true,
            () => false,
          );
        if (seen) shown++;
        await context.close();
      }
      missed += TRIES - shown;
      console.log(`CPU ${slowdown}×, message at ${moment} ms: shown live ${shown} of ${TRIES}`);
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
process.exitCode = missed > 0 ? 1 : 0;
