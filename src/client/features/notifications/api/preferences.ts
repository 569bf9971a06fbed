/**
 * `GET` / `PUT /api/user/notification-preferences` (docs/features/notifications.md point 4): which
 * categories reach the user by push and by email. A change shows at once (optimistic update) and is put
 * back if the server refuses it.
 */
import {
  type MutationMeta,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import type { NotificationPreferences, UpdateNotificationPreferences } from "@/contract/notifications";

const URL = "/api/user/notification-preferences";

export const preferencesQuery = queryOptions<NotificationPreferences>({ queryKey: [URL] });

export function useNotificationPreferences() {
  return useQuery(preferencesQuery);
}

/** Changes some channels; `onError` runs after the old choice is back. */
export function useUpdateNotificationPreferences(meta?: MutationMeta) {
  const queryClient = useQueryClient();
  const key = preferencesQuery.queryKey;
  return useMutation({
    meta,
    mutationFn: async (change: UpdateNotificationPreferences) =>
      (await apiRequest("PUT", URL, change)).json() as Promise<NotificationPreferences>,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) {
        const next = structuredClone(before) as NotificationPreferences;
        for (const [category, channels] of Object.entries(change)) {
          Object.assign(next[category as keyof NotificationPreferences], channels);
        }
        queryClient.setQueryData(key, next);
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      // The newsletter choice is also the profile's opt-in.
      void queryClient.invalidateQueries({ queryKey: ["/api/auth/user"] });
    },
  });
}
