/**
 * Live updates without polling (docs/features/exchange.md): one EventSource on `/api/stream` for the
 * signed-in app. Events are written into the TanStack Query cache, so an open thread shows a new message
 * and the nav badge counts up with no reload. The browser reconnects by itself and sends Last-Event-ID;
 * the server replays what was missed, or sends `resync` when it cannot.
 */
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { notificationsQuery } from "@/client/features/notifications";
import { appendMessage, invalidateRequestLists } from "@/client/features/requests";
import { firstAnswersMadeAt } from "@/client/lib/first-answers";
import { mealKeys, requestKeys } from "@/client/lib/query-keys";
import { invalidateFromNow } from "@/client/lib/refetch";
import type { LiveEventPayloads, LiveEventType } from "@/contract/live";
import type { Notification } from "@/contract/notifications";
import { NOTIFICATIONS_LIMIT } from "@/contract/plain/notifications";
import type { MealRequestDetail } from "@/contract/requests";

type Handlers = { [T in LiveEventType]: (payload: LiveEventPayloads[T]) => void };

/**
 * After an event was written into a thread's cache: when the thread is not loaded yet, or a fetch of it
 * is under way (begun before the event was written, so its answer would bring the thread back without
 * it), the thread is fetched again once more. An observed thread refetches; one nobody shows is only
 * marked stale.
 */
function refetchThreadIfBehind(queryClient: QueryClient, requestId: string, cached: unknown): void {
  const queryKey = requestKeys.detail(requestId);
  if (cached === undefined || queryClient.isFetching({ queryKey, exact: true }) > 0)
    void invalidateFromNow(queryClient, { queryKey, exact: true });
}

/** What each event does to the cache. */
export function liveHandlers(queryClient: QueryClient): Handlers {
  const thread = (id: string) => requestKeys.detail(id);
  return {
    message: ({ requestId, message }) => {
      const cached = queryClient.getQueryData<MealRequestDetail>(thread(requestId));
      queryClient.setQueryData<MealRequestDetail>(thread(requestId), (old) => appendMessage(old, message));
      refetchThreadIfBehind(queryClient, requestId, cached);
    },
    request: ({ requestId, status, updatedAt, allowedTransitions, paymentStatus }) => {
      const cached = queryClient.getQueryData<MealRequestDetail>(thread(requestId));
      queryClient.setQueryData<MealRequestDetail>(thread(requestId), (old) =>
        old ? { ...old, status, updatedAt, allowedTransitions } : old,
      );
      refetchThreadIfBehind(queryClient, requestId, cached);
      // A payment that moved (docs/decisions/022): what each side may do with it comes with the thread.
      if (paymentStatus && cached?.payment?.status !== paymentStatus)
        void invalidateFromNow(queryClient, { queryKey: thread(requestId), exact: true });
      invalidateRequestLists(queryClient);
      if (cached) void invalidateFromNow(queryClient, { queryKey: mealKeys.detail(cached.meal.id) });
    },
    notification: (notification) => {
      // Not loaded yet (its first fetch may be under way, begun before this was written): fetch again.
      if (!queryClient.getQueryData(notificationsQuery.queryKey))
        void invalidateFromNow(queryClient, { queryKey: notificationsQuery.queryKey });
      queryClient.setQueryData<Notification[]>(notificationsQuery.queryKey, (old) =>
        old
          ? [notification, ...old.filter((existing) => existing.id !== notification.id)].slice(
              0,
              NOTIFICATIONS_LIMIT,
            )
          : old,
      );
      if (notification.type === "request_new") invalidateRequestLists(queryClient);
      // A notice about a thread (a change of the terms its eater agreed to, say) refreshes the thread
      // when it is on screen: what it says arrives seen. A message comes with its own event.
      const thread = /^\/request\/([0-9a-f-]{36})$/.exec(notification.link ?? "")?.[1];
      if (thread && notification.type !== "message_new")
        void invalidateFromNow(queryClient, { queryKey: requestKeys.detail(thread), exact: true });
      // The Messages view's order and counts follow every notice about a thread, a message's too.
      if (thread) void invalidateFromNow(queryClient, { queryKey: requestKeys.threads });
    },
    resync: () => {
      void invalidateFromNow(queryClient, { queryKey: notificationsQuery.queryKey });
      void invalidateFromNow(queryClient, { queryKey: requestKeys.all });
    },
    ready: () => {},
  };
}

/**
 * The first `ready` of a page's stream: the server subscribed it just now, so whatever was written
 * after the page's first answers and before that moment — a notification, a message in the open
 * thread, a request's new status, a meal page's portions taken — was neither in those answers nor sent
 * live. One more fetch of what is on screen closes the gap (an invalidation refetches only the queries
 * a page shows; the others are marked stale); later `ready`s come with Last-Event-ID, and the server
 * replays what they missed.
 */
export function onFirstReady(
  queryClient: QueryClient,
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
    void invalidateFromNow(queryClient, { queryKey: notificationsQuery.queryKey });
    void invalidateFromNow(queryClient, { queryKey: requestKeys.all });
    // A meal's page (its portions left), not the lists: they page by cursor and are not live.
    void invalidateFromNow(queryClient, {
      queryKey: mealKeys.all,
      predicate: ({ queryKey }) => queryKey.length === 2 && typeof queryKey[1] === "string",
    });
  };
}

/** How long before a page's answers a write may have begun and still have committed after them. */
const WRITE_MARGIN_MS = 10_000;

/** Keeps the stream open while the signed-in app is mounted. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource("/api/stream", { withCredentials: true });
    const handlers = { ...liveHandlers(queryClient), ready: onFirstReady(queryClient) };
    for (const type of Object.keys(handlers) as LiveEventType[]) {
      source.addEventListener(type, (event) => {
        try {
          (handlers[type] as (payload: unknown) => void)(JSON.parse((event as MessageEvent<string>).data));
        } catch {
          // A malformed event must not break the stream; the next resync or reload repairs the view.
        }
      });
    }
    return () => source.close();
  }, [queryClient]);
}
