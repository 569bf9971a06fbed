/**
 * The signed-in user's own settings (spec §7 `PUT /api/user/role`, `GET /api/user/{id}/rating`;
 * `PUT /api/user/profile`). The role switch is an optimistic update reverted on failure (spec §4).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { currentUserQuery } from "@/client/features/auth/api/get-current-user";
import { apiRequest } from "@/client/lib/api-client";
import type { CurrentUser, UpdateProfileInput, UserRole } from "@/contract/auth";
import type { Language } from "@/contract/languages";
import type { Rating } from "@/contract/meals";

export const ratingQuery = (userId: string) =>
  queryOptions<Rating>({ queryKey: ["/api/user", userId, "rating"] });

export const useRating = (userId: string | undefined) =>
  useQuery({ ...ratingQuery(userId ?? ""), enabled: Boolean(userId) });

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
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

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: UpdateProfileInput) =>
      (await apiRequest("PUT", "/api/user/profile", patch)).json() as Promise<CurrentUser>,
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

/** `PUT /api/user/locale` (issue 15): the member's language, for every device and their emails. */
export function useSaveLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (locale: Language) =>
      (await apiRequest("PUT", "/api/user/locale", { locale })).json() as Promise<CurrentUser>,
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}
