/**
 * Public profiles and blocking: `GET /api/users/{id}` with its reviews and
 * open meals, and the signed-in user's blocks. Blocking changes which meals lists show, so it
 * refetches them.
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
import { mealKeys, userKeys } from "@/client/lib/query-keys";
import type { Meal } from "@/contract/meals";
import type { BlockedUser, PublicProfile, ReceivedReview } from "@/contract/users";

export const profileQuery = (id: string) => queryOptions<PublicProfile>({ queryKey: userKeys.profile(id) });
export const useProfile = (id: string) => useQuery(profileQuery(id));

/** Reviews a user received, newest first, a page at a time. */
export function useReceivedReviews(id: string) {
  const query = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: userKeys.reviews(id),
      queryFn: ({ pageParam }) => getPage<ReceivedReview>(pageParam),
      initialPageParam: `/api/users/${id}/reviews`,
      getNextPageParam: (page) => page.next,
    }),
  );
  return { ...query, reviews: query.data?.pages.flatMap((page) => page.items) ?? [] };
}

/** A user's open meals, in the shape the meal grid draws. */
export function useUserMeals(id: string) {
  const query = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: userKeys.meals(id),
      queryFn: ({ pageParam }) => getPage<Meal>(pageParam),
      initialPageParam: `/api/users/${id}/meals`,
      getNextPageParam: (page) => page.next,
    }),
  );
  return { ...query, meals: query.data?.pages.flatMap((page) => page.items) ?? [] };
}

export const blockedUsersQuery = queryOptions<BlockedUser[]>({ queryKey: userKeys.blocks });
export const useBlockedUsers = () => useQuery(blockedUsersQuery);

/** Blocks (`blocked: true`) or unblocks a user, then refetches what a block changes. */
export function useSetBlocked() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Please try again."), serverMessage: true },
    mutationFn: async ({ userId, blocked }: { userId: string; blocked: boolean }) =>
      (await apiRequest(blocked ? "PUT" : "DELETE", `/api/user/blocks/${userId}`)).json(),
    onSuccess: (_result, { userId }) => {
      for (const queryKey of [userKeys.blocks, userKeys.member(userId), mealKeys.all])
        queryClient.invalidateQueries({ queryKey });
    },
  });
}
