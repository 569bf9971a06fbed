/**
 * A fake push service in the test process that speaks the Web Push protocol the way a browser's
 * push service does (docs/features/notifications.md): HTTPS with its own certificate, RFC 8030 delivery
 * (TTL, Topic, Urgency; 201 Created), RFC 8292 VAPID (the JWT's ES256 signature is checked with the `k`
 * key), and RFC 8291 payloads it decrypts with the subscription's private key and auth secret
 * (`http_ece`), as the browser would. A subscription can be told to answer 410 Gone.
 */
import { createECDH, createPublicKey, type ECDH, randomBytes, randomUUID, verify } from "node:crypto";
import type { RequestOptions } from "node:http";
import { Agent, type AgentOptions, createServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import ece from "http_ece";
import { generate } from "selfsigned";
import { eventually } from "./eventually";

/** A browser's side of one subscription: what it sends the app, and its private key. */
export interface FakeDevice {
  id: string;
  /** `PushSubscription.toJSON()`: what the app is given. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  authSecret: Buffer;
}

/** A push as the service received and decrypted it. */
export interface ReceivedPush {
  deviceId: string;
  payload: { title: string; body: string; url: string; tag: string };
  ttl: number;
  topic: string | undefined;
  urgency: string | undefined;
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
}

/** The running service. */
export interface FakePushService {
  origin: string;
  /** Trusts the service's certificate: hand it to the app as `pushAgent`. */
  agent: Agent;
  received: ReceivedPush[];
  /** Makes a browser subscription on this service. */
  newDevice(): FakeDevice;
  /** From now on the device's endpoint answers 410 Gone (the browser unsubscribed). */
  expire(device: FakeDevice): void;
  /** Resolves once `count` pushes to `device` have arrived. */
  waitFor(device: FakeDevice, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const decodeJson = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));

/** Checks a VAPID `Authorization` header (RFC 8292 §3) and returns its claims and key. */
function checkVapid(header: string | undefined): ReceivedPush["vapid"] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt, publicKey] = match;
  const [head, claims, signature] = jwt.split(".");
  if (decodeJson(head).alg !== "ES256") throw new Error("VAPID JWT is not ES256");
  const raw = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("VAPID signature does not verify");
  const { aud, sub, exp } = decodeJson(claims);
  return { aud, sub, exp, publicKey };
}

/** An HTTPS agent that connects every request to one local port, whatever port the URL names. */
class PortForwardingAgent extends Agent {
  constructor(
    private readonly port: number,
    options: AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: RequestOptions, callback?: (err: Error | null, stream: Duplex) => void) {
    return super.createConnection({ ...options, port: this.port }, callback);
  }
}

/** Starts the service on a free loopback port. */
export async function startFakePushService(): Promise<FakePushService> {
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keySize: 2048,
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
  });
  const devices = new Map<string, FakeDevice>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];

  const server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const deviceId = (request.url ?? "").replace(/^\/push\//, "");
      const device = devices.get(deviceId);
      if (!device) return void response.writeHead(404).end();
      if (gone.has(deviceId)) return void response.writeHead(410).end();
      try {
        const vapid = checkVapid(request.headers.authorization);
        if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
        const body = Buffer.concat(chunks);
        // RFC 8188 header: salt (16), record size (4), key id length (1), key id = sender's key.
        const idLength = body.readUInt8(20);
        const senderKey = body.subarray(21, 21 + idLength);
        const plaintext = ece.decrypt(body, {
          version: "aes128gcm",
          privateKey: device.ecdh,
          dh: senderKey.toString("base64url"),
          authSecret: device.authSecret.toString("base64url"),
        });
        received.push({
          deviceId,
          payload: JSON.parse(plaintext.toString("utf8")),
          ttl: Number(request.headers.ttl),
          topic: request.headers.topic as string | undefined,
          urgency: request.headers.urgency as string | undefined,
          vapid,
        });
        response.writeHead(201, { Location: `/message/${randomUUID()}` }).end();
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // Push services answer on 443, and the app sends nowhere else; the test's agent takes what is
  // addressed to 127.0.0.1:443 to the port this service really listens on.
  const origin = "https://127.0.0.1";

  return {
    origin,
    agent: new PortForwardingAgent(port, { ca: pems.cert }),
    received,
    newDevice() {
      const id = randomUUID();
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const device: FakeDevice = {
        id,
        ecdh,
        authSecret,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
        },
      };
      devices.set(id, device);
      return device;
    },
    expire(device) {
      gone.add(device.id);
    },
    waitFor: (device, count = 1, timeoutMs = 15_000) =>
      eventually(() => received.filter((push) => push.deviceId === device.id), {
        until: (pushes) => pushes.length >= count,
        failure: (pushes) => `expected ${count} pushes, got ${pushes.length}`,
        timeoutMs,
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
