/**
 * `POST /api/newsletter` (docs/DESIGN.md §4 "Mailing list"). The profile's opt-in is the newsletter row
 * of Settings → Notifications (features/notifications).
 */
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";

export function useSubscribe() {
  return useMutation({
    mutationFn: async (email: string) =>
      (await apiRequest("POST", "/api/newsletter", { email })).json() as Promise<{
        subscribed: true;
        confirmByEmail: boolean;
      }>,
  });
}
