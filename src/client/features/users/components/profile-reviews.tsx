/** The reviews a member received, newest first, a page at a time (their public profile). */
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { LoadMore } from "@/client/components/layout/load-more";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { StarRating } from "@/client/components/star-rating";
import { Card, CardContent } from "@/client/components/ui/card";
import { useDisplayName } from "@/client/lib/display-name";
import { useFormat } from "@/client/lib/format";
import { useReceivedReviews } from "../api/profiles";

export function ProfileReviews({ id }: { id: string }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const displayName = useDisplayName();
  const query = useReceivedReviews(id);
  if (query.isLoading) return <Spinner label={t("Loading reviews")} />;
  if (query.isError && !query.isFetchNextPageError)
    return (
      <QueryError
        title={t("Could not load reviews")}
        error={query.error}
        onRetry={() => query.refetch()}
        retrying={query.isRefetching}
        compact
      />
    );
  if (query.reviews.length === 0) return <EmptyState title={t("No reviews yet")} />;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {query.reviews.map((review) => (
          <li key={review.id}>
            <Card>
              <CardContent className="flex flex-col gap-1 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link href={`/user/${review.reviewer.id}`} className="font-semibold hover:underline">
                    {displayName(review.reviewer)}
                  </Link>
                  <span className="text-sm text-muted-foreground">{f.messageDay(review.createdAt)}</span>
                </div>
                <StarRating rating={review.rating} />
                {review.text && <p className="whitespace-pre-line text-muted-foreground">{review.text}</p>}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <LoadMore query={query} label={t("More reviews")} errorTitle={t("Could not load more reviews")} />
    </div>
  );
}
