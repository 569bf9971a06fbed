/** `POST /api/newsletter` (DESIGN.md §4 "Mailing list") and the profile opt-in `PUT /api/user/newsletter`. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { currentUserQuery } from "@/client/features/auth/api/get-current-user";
import { apiRequest } from "@/client/lib/api-client";

export function useSubscribe() {
  return useMutation({
    mutationFn: async (email: string) => {
      await apiRequest("POST", "/api/newsletter", { email });
    },
  });
}

export function useNewsletterOptIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscribed: boolean) => {
      await apiRequest("PUT", "/api/user/newsletter", { subscribed });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
