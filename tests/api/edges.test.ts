/**
 * docs/features/operations.md findings 6 and 7: answers from below the routes (router, HTTP parser, rate
 * limiter) in the usual `{ message, code }` shape, and write limits that hold across instances.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorSchema } from "../../src/contract/common";
import { rateLimitKey } from "../../src/server/rate-limit-store";
import { buildSignedInUser } from "../factories";
import { createTestApp, type TestApp, testDatabaseKind } from "./harness";

/** Sends raw bytes, half-closes, and collects everything the server writes until it closes. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(bytes));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("utf8");
    });
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

/** Each HTTP answer in what a socket received (a server may answer, then refuse the rest). */
const answersIn = (received: string) =>
  received
    .split(/(?=HTTP\/1\.1 \d{3} )/)
    .filter(Boolean)
    .map((answer) => {
      const status = Number(answer.slice(9, 12));
      const length = Number(/content-length: (\d+)/i.exec(answer)?.[1]);
      const start = answer.indexOf("\r\n\r\n") + 4;
      return { status, body: JSON.parse(answer.slice(start, start + length)) };
    });

describe("errors raised below the routes keep the JSON error shape", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    port = Number(new URL(t.config.publicUrl).port);
  });
  afterAll(() => t.close());

  it.each([
    ["a bad percent-escape in the path", "/api/meals/%E0%A4%A", 400, "bad_url"],
    ["a bad percent-escape in a page path", "/%E0%A4%A", 400, "bad_url"],
    ["an over-long id", `/api/requests/${"a".repeat(150)}/messages`, 414, "uri_too_long"],
  ])("%s", async (_, url, status, code) => {
    const response = await fetch(`${t.config.publicUrl}${url}`);
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(errorSchema.strict().parse(body)).toMatchObject({ code });
  });

  it("a body shorter than its Content-Length", async () => {
    const answer = await rawRequest(
      port,
      `POST /api/meals HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\nOrigin: ${t.config.publicUrl}\r\n\r\n{"a":1}`,
    );
    const answers = answersIn(answer);
    expect(answers.at(-1)?.status).toBe(400);
    for (const { body } of answers) expect(errorSchema.strict().parse(body).code).toBeTruthy();
  });

  it("a request the HTTP parser cannot read", async () => {
    const answer = await rawRequest(port, "GET /api/meals HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n");
    const [{ status, body }] = answersIn(answer);
    expect(status).toBe(400);
    expect(errorSchema.strict().parse(body)).toEqual({
      message: "The request is malformed.",
      code: "bad_request",
    });
  });

  it("the rate limiter keys a client that has gone (no address) instead of throwing", () => {
    expect(rateLimitKey({ ip: undefined as unknown as string })).toBe("client-gone");
    expect(rateLimitKey({ ip: "2001:db8:1:2:3:4:5:6" })).toBe(rateLimitKey({ ip: "2001:db8:1:2:ffff::1" }));
    expect(rateLimitKey({ ip: "203.0.113.7" })).toBe("203.0.113.7");
  });
});

describe.runIf(testDatabaseKind() === "postgres")(
  "write limits across two instances on one PostgreSQL",
  () => {
    let a: TestApp;
    let b: TestApp;
    const limit = { rateLimits: { signInPerMinute: 1000, writesPerMinute: 6, messagesPerMinute: 1000 } };
    beforeAll(async () => {
      a = await createTestApp({ config: limit });
      b = await createTestApp({ config: limit, database: a.database });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it("count one client's writes together: 6 a minute in all, not 6 on each", async () => {
      const { cookie } = await buildSignedInUser(a.db);
      const write = (app: TestApp) =>
        app.api({ method: "PUT", url: "/api/notifications/read", cookie, payload: {} });
      const statuses: number[] = [];
      for (let n = 0; n < 4; n++) {
        statuses.push((await write(a)).statusCode, (await write(b)).statusCode);
      }
      expect(statuses.filter((status) => status === 429)).toHaveLength(2);
      const refused = await write(b);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBeDefined();
      expect(refused.json()).toMatchObject({ code: "rate_limited" });
    });
  },
);
