/**
 * The signed-in user's own settings (spec §7 `PUT /api/user/role`, `GET /api/user/{id}/rating`;
 * `PUT /api/user/profile`). The role switch is an optimistic update reverted on failure (spec §4).
 */
import {
  type MutationMeta,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { currentUserQuery } from "@/client/features/auth";
import { apiRequest } from "@/client/lib/api-client";
import { userKeys } from "@/client/lib/query-keys";
import type { CurrentUser, UpdateProfileInput, UserRole } from "@/contract/auth";
import type { Language } from "@/contract/languages";
import type { Rating } from "@/contract/meals";

export const ratingQuery = (userId: string) => queryOptions<Rating>({ queryKey: userKeys.rating(userId) });

export const useRating = (userId: string | undefined) =>
  useQuery({ ...ratingQuery(userId ?? ""), enabled: Boolean(userId) });

export function useUpdateRole() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Failed to update role. Please try again.") },
    mutationFn: async (role: UserRole) =>
      (await apiRequest("PUT", "/api/user/role", { role })).json() as Promise<CurrentUser>,
    onMutate: async (role) => {
      await queryClient.cancelQueries({ queryKey: currentUserQuery.queryKey });
      const previous = queryClient.getQueryData<CurrentUser | null>(currentUserQuery.queryKey);
      if (previous)
        queryClient.setQueryData<CurrentUser | null>(currentUserQuery.queryKey, () => ({
          ...previous,
          role,
        }));
      return { previous };
    },
    onError: (_error, _role, context) => {
      if (context?.previous)
        queryClient.setQueryData<CurrentUser | null>(currentUserQuery.queryKey, () => context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}

/** @param meta what a failure says (the settings form and the photo button say different things) */
export function useUpdateProfile(meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: async (patch: UpdateProfileInput) =>
      (await apiRequest("PUT", "/api/user/profile", patch)).json() as Promise<CurrentUser>,
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

/**
 * `PUT /api/user/locale` (docs/features/languages-currency-impact.md): the member's language, for every
 * device and their emails.
 */
export function useSaveLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (locale: Language) =>
      (await apiRequest("PUT", "/api/user/locale", { locale })).json() as Promise<CurrentUser>,
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}
