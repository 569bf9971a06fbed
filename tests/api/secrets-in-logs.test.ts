/**
 * Secrets that travel in URLs stay out of the request logs (the calendar feed's path token, the
 * unsubscribe links' token), and unsubscribe links are signed with a key of their own derived from
 * the server secret, not with the secret itself.
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unsubscribeToken } from "../../src/server/features/notifications/unsubscribe";
import { buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

describe("secrets in URLs", () => {
  const logLines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logLines, config: { logLevel: "info" } });
  });
  afterAll(() => t.close());

  it("keep the calendar feed's token and any token= value out of the request log", async () => {
    const { user, cookie } = await buildSignedInUser(t.db);
    const feed = (await t.api({ method: "PUT", url: "/api/user/calendar", cookie })).json().url as string;
    const feedToken = /\/api\/calendar\/([^/.]+)\.ics$/.exec(feed)?.[1];
    expect(feedToken).toBeTruthy();
    const feedPath = new URL(feed).pathname;
    expect((await t.api({ url: feedPath })).statusCode).toBe(200);
    expect((await t.api({ url: `${feedPath}?x=1` })).statusCode).toBe(200);

    const link = unsubscribeToken(t.config.sessionSecret, user.id, "newsletter");
    expect((await t.api({ url: `/api/unsubscribe?token=${link}` })).statusCode).toBe(200);
    await t.api({ url: `/unsubscribe?lang=de&token=${link}` });

    const logged = logLines.join("\n");
    expect(logged).toContain("/api/calendar/[redacted].ics");
    expect(logged).toContain("/api/unsubscribe?token=[redacted]");
    expect(logged).toContain("/unsubscribe?lang=de&token=[redacted]");
    expect(logged).not.toContain(feedToken!);
    expect(logged).not.toContain(link.split(".")[1]);
  });

  it("sign unsubscribe links with a derived key; links signed with the secret itself still work", async () => {
    const { user } = await buildSignedInUser(t.db);
    const payload = Buffer.from(`${user.id}:newsletter`).toString("base64url");
    const withSecret = createHmac("sha256", t.config.sessionSecret)
      .update(`unsubscribe:${payload}`)
      .digest("base64url");
    const issued = unsubscribeToken(t.config.sessionSecret, user.id, "newsletter");
    expect(issued.split(".")[0]).toBe(payload);
    expect(issued.split(".")[1]).not.toBe(withSecret);
    for (const token of [issued, `${payload}.${withSecret}`]) {
      expect((await t.api({ url: `/api/unsubscribe?token=${token}` })).statusCode).toBe(200);
    }
    const forged = createHmac("sha256", "another secret")
      .update(`unsubscribe:${payload}`)
      .digest("base64url");
    expect((await t.api({ url: `/api/unsubscribe?token=${payload}.${forged}` })).statusCode).toBe(404);
  });
});
