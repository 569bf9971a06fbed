/**
 * A group's membership reviews (docs/decisions/020 "Membership review"): the open ones, one review,
 * asking for one, voting and the member's answer. Each change refreshes the group (its members).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/client/lib/api-client";
import { groupKeys } from "@/client/lib/query-keys";
import type { GroupReview } from "@/contract/group-reviews";

export const useGroupReviews = (groupId: string, enabled = true) =>
  useQuery(queryOptions<GroupReview[]>({ queryKey: groupKeys.reviews(groupId), enabled }));
export const useGroupReview = (groupId: string, reviewId: string) =>
  useQuery(queryOptions<GroupReview>({ queryKey: groupKeys.review(groupId, reviewId) }));

/** A change to a review: the answer is the review as it is now, and the group refreshes. */
function useReviewChange<Input>(groupId: string, run: (input: Input) => Promise<GroupReview>) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Please try again."), serverMessage: true },
    mutationFn: run,
    onSuccess: (review) => {
      queryClient.setQueryData(groupKeys.review(groupId, review.id), review);
      void queryClient.invalidateQueries({ queryKey: groupKeys.detail(groupId) });
    },
  });
}

const send = async (method: string, url: string, body: unknown) =>
  (await apiRequest(method, url, body)).json() as Promise<GroupReview>;

export const useAskReview = (groupId: string) =>
  useReviewChange(groupId, (input: { memberId: string; reason: string }) =>
    send("POST", `/api/groups/${groupId}/reviews`, input),
  );
export const useReviewVote = (groupId: string, reviewId: string) =>
  useReviewChange(groupId, (vote: "remove" | "keep") =>
    send("PUT", `/api/groups/${groupId}/reviews/${reviewId}/vote`, { vote }),
  );
export const useReviewAnswer = (groupId: string, reviewId: string) =>
  useReviewChange(groupId, (answer: string) =>
    send("PUT", `/api/groups/${groupId}/reviews/${reviewId}/answer`, { answer }),
  );
