/**
 * Web Push (docs/features/notifications.md point 2) with the `web-push` library: VAPID keys (RFC 8292),
 * the devices' subscriptions, and sending an encrypted payload (RFC 8291) to each of a user's devices
 * through their browser's push service (RFC 8030).
 */
import type { Agent } from "node:https";
import { and, eq, gt, sql } from "drizzle-orm";
import webpush, { WebPushError } from "web-push";
import { msg } from "../../../contract/messages";
import type { PushSubscriptionInput } from "../../../contract/notifications";
import type { Config } from "../../config";
import type { Executor } from "../../db/client";
import { pushSubscriptions, serverKeys, sessions } from "../../db/schema";
import { conflict, validation } from "../../errors";

/** A VAPID key pair, base64url (the public key is what browsers subscribe with). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_KEY_NAME = "vapid";

/**
 * The VAPID key pair: the configured one, else the one in the database, made on first start. Two
 * instances starting together insert at most one (the name is the primary key) and both read it.
 */
export async function loadVapidKeys(db: Executor, configured: VapidKeys | undefined): Promise<VapidKeys> {
  if (configured) return configured;
  await db
    .insert(serverKeys)
    .values({ name: VAPID_KEY_NAME, value: JSON.stringify(webpush.generateVAPIDKeys()) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, VAPID_KEY_NAME)).limit(1);
  return JSON.parse(row.value) as VapidKeys;
}

/** Devices one user may have subscribed at once; the oldest go first beyond it. */
const DEVICES_PER_USER = 20;

/**
 * Whether the server may send to `endpoint`: https on the standard port (push services answer
 * there; any other port would let a browser aim the server at another service on an allowed
 * host), on one of the configured push services.
 */
export function isAllowedEndpoint(endpoint: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === "https:" &&
    // The URL parser drops :443 for https, so an empty port is 443 and nothing else is.
    url.port === "" &&
    !url.username &&
    !url.password &&
    allowedHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
  );
}

/**
 * Keeps this device's subscription for the signed-in user and session. Subscribing again updates
 * it. An endpoint another member holds stays theirs: whoever learnt its URL could otherwise take
 * over that member's notifications (it is freed when they turn push off there or sign out).
 * @throws AppError 400 when the endpoint is not one of the allowed push services; 409 when another
 *   member holds it
 */
export async function saveSubscription(
  db: Executor,
  owner: { userId: string; sessionId: string },
  input: PushSubscriptionInput,
  allowedHosts: readonly string[],
): Promise<void> {
  if (!isAllowedEndpoint(input.endpoint, allowedHosts)) {
    throw validation(msg("This browser's push service is not supported."), {
      endpoint: msg("This push service is not supported."),
    });
  }
  const values = { ...owner, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
  const [saved] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { ...values, createdAt: sql`now()` },
      setWhere: eq(pushSubscriptions.userId, owner.userId),
    })
    .returning({ id: pushSubscriptions.id });
  if (!saved) {
    throw conflict(
      msg(
        "This browser already gets another member's notifications. They need to turn them off or sign out here first.",
      ),
      "push_endpoint_taken",
    );
  }
  await db.execute(sql`
    DELETE FROM ${pushSubscriptions} WHERE ${pushSubscriptions.id} IN (
      SELECT ${pushSubscriptions.id} FROM ${pushSubscriptions}
      WHERE ${pushSubscriptions.userId} = ${owner.userId}
      ORDER BY ${pushSubscriptions.createdAt} DESC OFFSET ${DEVICES_PER_USER})`);
}

/**
 * Forgets one of the user's devices (push turned off there); someone else's endpoint is left alone.
 * @returns whether there was one
 */
export async function removeSubscription(db: Executor, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/**
 * What a push carries (docs/features/notifications.md: no message text beyond a short preview, and the
 * link).
 */
export interface PushPayload {
  title: string;
  /** At most `PREVIEW_LENGTH` characters. */
  body: string;
  /** An app path such as `/request/{id}`. */
  url: string;
  /** Notifications with one tag replace each other on the device (one per thread). */
  tag: string;
}

export const PREVIEW_LENGTH = 120;

/** What sending needs besides the database. */
export interface PushSender {
  keys: VapidKeys;
  subject: string;
  /** TLS agent for the push services (tests trust their fake service's certificate with it). */
  agent?: Agent;
}

/** How a push to one device went. */
export type PushOutcome = "sent" | "gone" | "failed";

/**
 * Sends `payload` to every device of `userId` whose session is still valid. A device whose push
 * service answers 404 or 410 has unsubscribed and is forgotten; other failures are reported.
 * @param options.ttlSeconds how long the push service keeps it for an offline device
 * @param options.topic replaces an undelivered earlier push with the same topic (RFC 8030 §5.4)
 * @returns one outcome per device
 */
export async function sendPush(
  db: Executor,
  sender: PushSender,
  userId: string,
  payload: PushPayload,
  options: { ttlSeconds: number; topic?: string; onError?: (error: unknown) => void },
): Promise<PushOutcome[]> {
  const devices = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.userId, userId), gt(sessions.expiresAt, new Date())));
  const body = JSON.stringify({ ...payload, body: payload.body.slice(0, PREVIEW_LENGTH) });
  return Promise.all(
    devices.map(async (device): Promise<PushOutcome> => {
      try {
        await webpush.sendNotification(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          body,
          {
            vapidDetails: { subject: sender.subject, ...sender.keys },
            TTL: options.ttlSeconds,
            urgency: "normal",
            topic: options.topic,
            timeout: 10_000,
            agent: sender.agent,
          },
        );
        await db
          .update(pushSubscriptions)
          .set({ lastSentAt: sql`now()` })
          .where(eq(pushSubscriptions.id, device.id));
        return "sent";
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
          return "gone";
        }
        options.onError?.(error);
        return "failed";
      }
    }),
  );
}

/** The sender of an app: its keys, its contact, and an optional TLS agent. */
export function pushSender(config: Pick<Config, "push">, keys: VapidKeys, agent?: Agent): PushSender {
  return { keys, subject: config.push.subject, agent };
}
