/**
 * The review queue (docs/decisions/020 "The queue"): what waits for a moderator, a decision on one
 * text, and the log of who did what. A decision refreshes the queue, the log, and whatever the text
 * lands in (threads, meals, profiles, groups).
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest, getPage } from "@/client/lib/api-client";
import { groupKeys, mealKeys, moderationKeys, requestKeys } from "@/client/lib/query-keys";
import type { ModerationLogEntry, ModerationQueue } from "@/contract/moderation";

export const moderationQueueQuery = queryOptions<ModerationQueue>({
  queryKey: moderationKeys.queue,
  queryFn: async () => (await apiRequest("GET", "/api/moderation/queue")).json(),
});
/** The viewer's queue; pass `enabled: false` for someone who moderates nothing. */
export const useModerationQueue = (enabled = true) => useQuery({ ...moderationQueueQuery, enabled });

/** Lets a text through or removes it. */
export function useDecide() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Could not save the decision. Please try again."), serverMessage: true },
    mutationFn: async ({ itemId, action }: { itemId: string; action: "release" | "remove" }) => {
      await apiRequest("POST", `/api/moderation/items/${itemId}/decision`, { action });
    },
    onSuccess: () => {
      for (const queryKey of [
        moderationKeys.all,
        requestKeys.all,
        mealKeys.all,
        groupKeys.all,
        ["/api/users"],
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** The log, newest first, a page at a time. */
export function useModerationLog(enabled = true) {
  const query = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: moderationKeys.log,
      queryFn: ({ pageParam }) => getPage<ModerationLogEntry>(pageParam),
      initialPageParam: "/api/moderation/log?limit=20",
      getNextPageParam: (page) => page.next,
      enabled,
    }),
  );
  return { ...query, lines: query.data?.pages.flatMap((page) => page.items) ?? [] };
}
