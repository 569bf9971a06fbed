/**
 * `GET /api/reviews/pending` and `POST /api/reviews` (spec §7); a submit refreshes the pending
 * list and every rating of the reviewee on screen.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/client/lib/api-client";
import { mealKeys, userKeys } from "@/client/lib/query-keys";
import type { CreateReviewInput, PendingReview } from "@/contract/reviews";

export const pendingReviewsQuery = queryOptions<PendingReview[]>({ queryKey: ["/api/reviews/pending"] });

export const usePendingReviews = () => useQuery(pendingReviewsQuery);

export function useCreateReview() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Failed to submit review. Please try again.") },
    mutationFn: async (input: CreateReviewInput) => {
      await apiRequest("POST", "/api/reviews", input);
    },
    onSuccess: (_data, input) => {
      queryClient.invalidateQueries({ queryKey: pendingReviewsQuery.queryKey });
      // Every rating shown refreshes: the member's own profile, their public profile and
      // reviews, and the meal cards and pages that carry the cook's rating.
      queryClient.invalidateQueries({ queryKey: userKeys.rating(input.revieweeId) });
      queryClient.invalidateQueries({ queryKey: userKeys.member(input.revieweeId) });
      queryClient.invalidateQueries({ queryKey: mealKeys.all });
    },
  });
}
