/**
 * `PUT|DELETE /api/user/home-area` (docs/features/neighbourhood.md point 1): the member's home area,
 * which only they see. The answer is the member as `GET /api/auth/user` gives it; every meal list
 * is refreshed, since local lists follow the home area.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { currentUserQuery } from "@/client/features/auth";
import { apiRequest } from "@/client/lib/api-client";
import { alertKeys, mealKeys } from "@/client/lib/query-keys";
import type { CurrentUser } from "@/contract/auth";
import type { SetHomeAreaInput } from "@/contract/places";

function useHomeAreaChange<T>(send: (input: T) => Promise<Response>, errorMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage, serverMessage: true },
    mutationFn: async (input: T) => (await send(input)).json() as Promise<CurrentUser>,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      queryClient.invalidateQueries({ queryKey: mealKeys.all });
      queryClient.invalidateQueries({ queryKey: alertKeys.all });
    },
  });
}

export function useSetHomeArea() {
  const { t } = useTranslation("app");
  return useHomeAreaChange(
    (input: SetHomeAreaInput) => apiRequest("PUT", "/api/user/home-area", input),
    t("Could not save your home area. Please try again."),
  );
}

export function useClearHomeArea() {
  const { t } = useTranslation("app");
  return useHomeAreaChange(
    () => apiRequest("DELETE", "/api/user/home-area"),
    t("Could not clear your home area. Please try again."),
  );
}
