/** Community events (spec §7 `GET /api/events`) and the admin's `POST` / `DELETE /api/admin/events`. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/client/lib/api-client";
import type { CommunityEvent, CreateEventInput } from "@/contract/events";

export const eventsQuery = queryOptions<CommunityEvent[]>({ queryKey: ["/api/events"] });

export const useEvents = () => useQuery(eventsQuery);

export function useCreateEvent() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Failed to create event. Please try again."), serverMessage: true },
    mutationFn: async (input: CreateEventInput) =>
      (await apiRequest("POST", "/api/admin/events", input)).json() as Promise<CommunityEvent>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQuery.queryKey }),
  });
}

export function useDeleteEvent() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Failed to delete event. Please try again.") },
    mutationFn: async (id: string) => {
      await apiRequest("DELETE", `/api/admin/events/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQuery.queryKey }),
  });
}
