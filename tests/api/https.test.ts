/**
 * The app serving HTTPS itself (docs/DESIGN.md §1, `TLS_CERT_FILE` and `TLS_KEY_FILE`): HTTP/2 for
 * browsers, which fetch a page's many files over one connection (docs/decisions/015 "Phones"), and
 * HTTP/1.1 over TLS for clients that do not speak HTTP/2; the live stream works over HTTP/2 without
 * the connection header it forbids; a renewed certificate is taken from its files (src/server/tls.ts).
 */
import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http2 from "node:http2";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { connect as connectTls } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { type LocalhostCertificate, localhostCertificate } from "../certificate";
import { buildSignedInUser } from "../factories";
import { createTestApp, type TestApp } from "./harness";

describe("HTTPS with HTTP/2 (TLS_CERT_FILE, TLS_KEY_FILE)", () => {
  let t: TestApp;
  let ca: string;
  let dir: string;
  let session: http2.ClientHttp2Session;
  let certificate: LocalhostCertificate;
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  const logLines: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "mealshare-tls-"));
    certificate = await localhostCertificate(dir);
    ca = certificate.cert;
    const env = { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile };
    // The files are checked for a renewal every 50 ms here instead of every minute.
    const tls = loadConfig({ ...env, DATA_DIR: dir }).tls;
    t = await createTestApp({
      listen: true,
      env,
      config: { tls: tls && { ...tls, reloadMs: 50 } },
      logLines,
    });
    process.on("warning", onWarning);
    session = http2.connect(t.config.publicUrl.replace("localhost", "127.0.0.1"), {
      ca,
      servername: "localhost",
    });
  });
  afterAll(async () => {
    process.off("warning", onWarning);
    session?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * One HTTP/2 request (`:method` in `headers`, GET unless given): its status, headers and, unless
   * `firstChunk`, its whole body.
   */
  function get(url: string, headers: http2.OutgoingHttpHeaders = {}, firstChunk = false, body?: unknown) {
    return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const stream = session.request({ ":path": url, ...headers }, { endStream: body === undefined });
        if (body !== undefined) stream.end(JSON.stringify(body));
        let answer: http2.IncomingHttpHeaders = {};
        let text = "";
        stream.setEncoding("utf8");
        stream.on("response", (received) => {
          answer = received;
        });
        stream.on("data", (chunk: string) => {
          text += chunk;
          if (firstChunk && text.includes("\n\n")) {
            stream.close();
            resolve({ status: Number(answer[":status"]), headers: answer, body: text });
          }
        });
        stream.on("end", () => resolve({ status: Number(answer[":status"]), headers: answer, body: text }));
        stream.on("error", reject);
      },
    );
  }

  it("answers a member's API call over HTTP/2, and a write from its own https origin", async () => {
    expect(t.config.publicUrl).toMatch(/^https:\/\/localhost:\d+$/);
    const { user, cookie } = await buildSignedInUser(t.db, { firstName: "Hana" });
    const me = await get("/api/auth/user", { cookie });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ id: user.id, firstName: "Hana" });
    const signedOut = await get("/api/auth/user");
    expect(signedOut.status).toBe(401);
    const write = (origin: string) =>
      get(
        "/api/user/locale",
        { ":method": "PUT", cookie, origin, "content-type": "application/json" },
        false,
        {
          locale: "de",
        },
      );
    const crossSite = await write("https://elsewhere.example");
    expect(crossSite.status).toBe(403);
    const own = await write(t.config.publicUrl);
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body)).toMatchObject({ locale: "de" });
  });

  it("opens the live stream over HTTP/2 without a connection header or a process warning", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const stream = await get("/api/stream", { cookie, accept: "text/event-stream" }, true);
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(stream.headers.connection).toBeUndefined();
    expect(stream.body).toContain("event: ready");
    expect(warnings.map((warning) => warning.message)).not.toContainEqual(
      expect.stringMatching(/connection header/),
    );
  });

  /** The SHA-256 fingerprint of the certificate a new TLS connection is offered. */
  function servedFingerprint() {
    return new Promise<string>((resolve, reject) => {
      const socket = connectTls(
        { host: "127.0.0.1", port: t.config.port, servername: "localhost", rejectUnauthorized: false },
        () => {
          resolve(socket.getPeerX509Certificate()?.fingerprint256 ?? "");
          socket.end();
        },
      );
      socket.on("error", reject);
    });
  }

  it("takes a renewed certificate from its files without a restart, never a pair that does not belong together", async () => {
    const served = new X509Certificate(certificate.cert).fingerprint256;
    expect(await servedFingerprint()).toBe(served);
    const renewed = await localhostCertificate(mkdtempSync(path.join(dir, "renewed-")));
    // The new certificate is written first; its key is not there yet.
    writeFileSync(certificate.certFile, readFileSync(renewed.certFile));
    await expect.poll(() => logLines.join("\n"), { timeout: 5000 }).toContain("cannot be used yet");
    expect(await servedFingerprint()).toBe(served);
    writeFileSync(certificate.keyFile, readFileSync(renewed.keyFile));
    const next = new X509Certificate(renewed.cert).fingerprint256;
    await expect.poll(servedFingerprint, { timeout: 5000 }).toBe(next);
    // The open HTTP/2 connection goes on with the certificate it had.
    expect((await get("/api/auth/user")).status).toBe(401);
    ca = renewed.cert;
  });

  it("still answers HTTP/1.1 over TLS", async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      https
        .get(
          `${t.config.publicUrl.replace("localhost", "127.0.0.1")}/healthz`,
          { ca, servername: "localhost" },
          (response) => {
            response.resume();
            resolve(response.statusCode);
          },
        )
        .on("error", reject);
    });
    expect(status).toBe(200);
  });
});
