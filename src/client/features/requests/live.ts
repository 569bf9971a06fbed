/**
 * What the live stream does to the requests' data (docs/decisions/005): a message is appended to its
 * thread, a status written into it, and a notice about a thread refreshes it and the Messages view.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { LiveSubscriber } from "@/client/lib/live";
import { requestKeys } from "@/client/lib/query-keys";
import { invalidateFromNow } from "@/client/lib/refetch";
import type { MealRequestDetail } from "@/contract/requests";
import { appendMessage } from "./api/send-message";
import { invalidateRequestLists } from "./api/update-status";

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

/** The requests feature's live handlers. */
export const requestsLive: LiveSubscriber = {
  on: {
    message: (queryClient, { requestId, message }) => {
      const thread = requestKeys.detail(requestId);
      const cached = queryClient.getQueryData<MealRequestDetail>(thread);
      queryClient.setQueryData<MealRequestDetail>(thread, (old) => appendMessage(old, message));
      refetchThreadIfBehind(queryClient, requestId, cached);
    },
    request: (queryClient, { requestId, status, updatedAt, abilities, paymentStatus }) => {
      const thread = requestKeys.detail(requestId);
      const cached = queryClient.getQueryData<MealRequestDetail>(thread);
      queryClient.setQueryData<MealRequestDetail>(thread, (old) =>
        old ? { ...old, status, updatedAt, abilities } : old,
      );
      refetchThreadIfBehind(queryClient, requestId, cached);
      // A payment that moved (docs/decisions/022): what each side may do with it comes with the thread.
      if (paymentStatus && cached?.payment?.status !== paymentStatus)
        void invalidateFromNow(queryClient, { queryKey: thread, exact: true });
      invalidateRequestLists(queryClient);
    },
    notification: (queryClient, { type, requestId }) => {
      if (type === "request_new") invalidateRequestLists(queryClient);
      if (!requestId) return;
      // A notice about a thread (a change of the terms its eater agreed to, say) refreshes the thread
      // when it is on screen: what it says arrives seen. A message comes with its own event.
      if (type !== "message_new")
        void invalidateFromNow(queryClient, { queryKey: requestKeys.detail(requestId), exact: true });
      // The Messages view's order and counts follow every notice about a thread, a message's too.
      void invalidateFromNow(queryClient, { queryKey: requestKeys.threads });
    },
  },
  resync: (queryClient) => void invalidateFromNow(queryClient, { queryKey: requestKeys.all }),
};
