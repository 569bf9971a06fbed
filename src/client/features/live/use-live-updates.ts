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
import { mealKeys, requestKeys } from "@/client/lib/query-keys";
import type { LiveEventPayloads, LiveEventType } from "@/contract/live";
import type { Notification } from "@/contract/notifications";
import { NOTIFICATIONS_LIMIT } from "@/contract/plain/notifications";
import type { MealRequestDetail } from "@/contract/requests";

type Handlers = { [T in LiveEventType]: (payload: LiveEventPayloads[T]) => void };

/** What each event does to the cache. */
export function liveHandlers(queryClient: QueryClient): Handlers {
  const thread = (id: string) => requestKeys.detail(id);
  return {
    message: ({ requestId, message }) => {
      queryClient.setQueryData<MealRequestDetail>(thread(requestId), (cached) =>
        appendMessage(cached, message),
      );
    },
    request: ({ requestId, status, updatedAt, allowedTransitions }) => {
      const cached = queryClient.getQueryData<MealRequestDetail>(thread(requestId));
      queryClient.setQueryData<MealRequestDetail>(thread(requestId), (old) =>
        old ? { ...old, status, updatedAt, allowedTransitions } : old,
      );
      invalidateRequestLists(queryClient);
      if (cached) queryClient.invalidateQueries({ queryKey: mealKeys.detail(cached.meal.id) });
    },
    notification: (notification) => {
      // Not loaded yet (its first fetch may be under way, begun before this was written): fetch again.
      if (!queryClient.getQueryData(notificationsQuery.queryKey))
        void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
      queryClient.setQueryData<Notification[]>(notificationsQuery.queryKey, (old) =>
        old
          ? [notification, ...old.filter((existing) => existing.id !== notification.id)].slice(
              0,
              NOTIFICATIONS_LIMIT,
            )
          : old,
      );
      if (notification.type === "request_new") invalidateRequestLists(queryClient);
    },
    resync: () => {
      queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
      queryClient.invalidateQueries({ queryKey: requestKeys.all });
    },
    ready: () => {},
  };
}

/**
 * The first `ready` of a page's stream: the server subscribed it just now, so a notification written
 * after the page's first fetch of the list and before that moment was neither in the list nor sent
 * live. One more fetch of the list closes the gap; later `ready`s come with Last-Event-ID, and the
 * server replays what they missed.
 */
export function onFirstReady(queryClient: QueryClient): () => void {
  let first = true;
  return () => {
    if (!first) return;
    first = false;
    void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
  };
}

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
