/**
 * Pending Reviews (spec §2 "Pending Reviews", §4 "Review form", §8): one card per review the user
 * owes, each with its own form; after a submit the list is refreshed so the item leaves it.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { useMarkNotificationsRead, useUnreadCount } from "@/client/features/notifications";
import { ReviewCard, usePendingReviews } from "@/client/features/reviews";

const REVIEW_TYPES = ["review_received"] as const;

export default function ReviewsPage() {
  const { t } = useTranslation("app");
  // Opening the reviews page reads the "left you a review" notifications.
  const unreadReviews = useUnreadCount(REVIEW_TYPES);
  const { mutate: markRead, isPending: marking } = useMarkNotificationsRead();
  useEffect(() => {
    if (unreadReviews > 0 && !marking) markRead({ type: "review_received" });
  }, [unreadReviews, marking, markRead]);
  const { data: pending = [], isLoading, error, refetch, isRefetching } = usePendingReviews();
  if (isLoading) return <Spinner className="py-24" label={t("Loading pending reviews")} />;
  if (error) {
    return (
      <QueryError
        title={t("Could not load your reviews")}
        error={error}
        onRetry={() => refetch()}
        retrying={isRefetching}
      />
    );
  }

  // The guidelines speak to the sides the member reviews from; with none pending, the spec's
  // eater-side advice (docs/features/everyday-journey.md).
  const sides = new Set(pending.map((item) => item.reviewerRole));
  if (sides.size === 0) sides.add("eater");

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">{t("Pending Reviews")}</h1>
        <p className="text-muted-foreground">{t("{{count}} review pending", { count: pending.length })}</p>
      </header>

      {pending.length === 0 ? (
        <EmptyState
          title={t("No pending reviews")}
          text={t("When you complete an exchange, you can review it here.")}
        >
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link href="/community">{t("Browse Community")}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/marketplace">{t("Browse Marketplace")}</Link>
            </Button>
          </div>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {pending.map((item) => (
            <li key={`${item.requestId}-${item.reviewerRole}`}>
              <ReviewCard item={item} />
            </li>
          ))}
        </ul>
      )}

      <aside
        className="rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm"
        aria-labelledby="guidelines"
      >
        <h2 id="guidelines" className="mb-2 font-semibold">
          {t("Review Guidelines")}
        </h2>
        <ul className="list-disc space-y-1 ps-5">
          <li>{t("Be honest and constructive: your review helps neighbours decide.")}</li>
          {sides.has("eater") && (
            <>
              <li>{t("Focus on the meal's quality, the portion size and how the pickup went.")}</li>
              <li>{t("Respect the cook: they shared their time and their kitchen.")}</li>
            </>
          )}
          {sides.has("feeder") && (
            <>
              <li>{t("As the one who shared: say whether they came on time and as agreed.")}</li>
              <li>{t("Respect the other person: judge the pickup, not the person.")}</li>
            </>
          )}
          <li>{t("Report safety concerns with the report button instead of only writing them here.")}</li>
        </ul>
      </aside>
    </div>
  );
}
