/**
 * A membership review's page (docs/decisions/020 "Membership review"): the member under review answers
 * here, and the group's trusted members and moderators vote.
 */
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { ReviewPanel, useGroup, useGroupReview } from "@/client/features/groups";

export default function GroupReviewPage() {
  const { t } = useTranslation("app");
  const { id = "", reviewId = "" } = useParams<{ id: string; reviewId: string }>();
  const group = useGroup(id);
  const review = useGroupReview(id, reviewId);
  if (review.isLoading || group.isLoading)
    return <Spinner className="py-24" label={t("Loading the review")} />;
  if (review.error || !review.data)
    return (
      <QueryError
        title={t("Could not load the review")}
        error={review.error}
        onRetry={() => review.refetch()}
        retrying={review.isRefetching}
      />
    );
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Link href={`/groups/${id}`} className="text-sm underline">
        {t("Back to {{group}}", { group: group.data?.name ?? t("the group") })}
      </Link>
      <ReviewPanel review={review.data} groupName={group.data?.name ?? ""} />
    </div>
  );
}
