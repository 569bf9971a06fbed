/** `GET /api/reviews/pending` and `POST /api/reviews` (spec §7); a submit refreshes the pending list. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import type { CreateReviewInput, PendingReview } from "@/contract/reviews";

export const pendingReviewsQuery = queryOptions<PendingReview[]>({ queryKey: ["/api/reviews/pending"] });

export const usePendingReviews = () => useQuery(pendingReviewsQuery);

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateReviewInput) => {
      await apiRequest("POST", "/api/reviews", input);
    },
    onSuccess: (_data, input) => {
      queryClient.invalidateQueries({ queryKey: pendingReviewsQuery.queryKey });
      queryClient.invalidateQueries({ queryKey: ["/api/user", input.revieweeId] });
      queryClient.invalidateQueries({ queryKey: ["/api/meals"] });
    },
  });
}
