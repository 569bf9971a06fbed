/**
 * Live updates without polling (docs/features/exchange.md): one EventSource on `/api/stream` for the
 * signed-in app. Each event goes to every feature's `LiveSubscriber` (src/client/lib/live.ts), which
 * writes it into its own part of the TanStack Query cache, so an open thread shows a new message and
 * the nav badge counts up with no reload. The browser reconnects by itself and sends Last-Event-ID;
 * the server replays what was missed, or sends `resync` when it cannot.
 */
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { firstAnswersMadeAt } from "@/client/lib/first-answers";
import type { LiveDataEventType, LiveSubscriber } from "@/client/lib/live";
import { LIVE_EVENT_TYPES, type LiveEventPayloads, type LiveEventType } from "@/contract/live";

/**
 * The first `ready` of a page's stream: the server subscribed it just now, so whatever was written
 * after the page's first answers and before that moment was neither in those answers nor sent live.
 * One resync of what is on screen closes the gap; later `ready`s come with Last-Event-ID, and the
 * server replays what they missed.
 * @param resync refetches every subscriber's live data
 * @param answersMadeAt when the page's first answers were made (ms since the epoch), if it had any
 */
export function onFirstReady(
  resync: () => void,
  answersMadeAt: () => number | undefined = firstAnswersMadeAt,
): (ready: LiveEventPayloads["ready"]) => void {
  let first = true;
  return ({ latestAt }) => {
    if (!first) return;
    first = false;
    // Nothing happened to this member since the page's answers were made (with a margin for a write
    // whose transaction began before and committed after): what is on screen is whole, and the first
    // screen is not fetched twice (docs/decisions/015 "Phones"). The notifications, read after the
    // page was made, are whole too: each one is a live event, so a newer one moves `latestAt`.
    const madeAt = answersMadeAt();
    const newest = latestAt ? Date.parse(latestAt) : null;
    if (newest === null || (madeAt !== undefined && newest < madeAt - WRITE_MARGIN_MS)) return;
    resync();
  };
}

/** How long before a page's answers a write may have begun and still have committed after them. */
const WRITE_MARGIN_MS = 10_000;

/**
 * Hands one event from the stream to the subscribers: `resync` and the first `ready` refetch their
 * live data, a data event goes to each subscriber's handler of its type.
 * @returns the function that takes an event's type and its parsed payload
 */
export function liveDispatcher(
  queryClient: QueryClient,
  subscribers: readonly LiveSubscriber[],
  answersMadeAt?: () => number | undefined,
): (type: LiveEventType, payload: unknown) => void {
  const resync = () => {
    for (const subscriber of subscribers) subscriber.resync(queryClient);
  };
  const ready = onFirstReady(resync, answersMadeAt);
  return (type, payload) => {
    if (type === "resync") return resync();
    if (type === "ready") return ready(payload as LiveEventPayloads["ready"]);
    for (const subscriber of subscribers) {
      const handle = subscriber.on[type as LiveDataEventType] as
        | ((client: QueryClient, data: unknown) => void)
        | undefined;
      try {
        handle?.(queryClient, payload);
      } catch {
        // One feature's trouble with an event leaves the others their share of it.
      }
    }
  };
}

/**
 * Keeps the stream open while the signed-in app is mounted.
 * @param subscribers every feature's handlers; a constant, so the stream is opened once
 */
export function useLiveUpdates(subscribers: readonly LiveSubscriber[]): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource("/api/stream", { withCredentials: true });
    const dispatch = liveDispatcher(queryClient, subscribers);
    for (const type of LIVE_EVENT_TYPES) {
      source.addEventListener(type, (event) => {
        try {
          dispatch(type, JSON.parse((event as MessageEvent<string>).data));
        } catch {
          // A malformed event must not break the stream; the next resync or reload repairs the view.
        }
      });
    }
    return () => source.close();
  }, [queryClient, subscribers]);
}
