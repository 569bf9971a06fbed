/**
 * Pending Reviews (spec §2 "Pending Reviews", §4 "Review form", §8): one card per review the user
 * owes, each with its own form; after a submit the list is refreshed so the item leaves it.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { z } from "zod";
import { EmptyState } from "@/client/components/layout/empty-state";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/use-toast";
import { useUnreadCount } from "@/client/features/notifications/api/get-notifications";
import { useMarkNotificationsRead } from "@/client/features/notifications/api/mark-read";
import { useCreateReview, usePendingReviews } from "@/client/features/reviews/api/reviews";
import { StarInput } from "@/client/features/reviews/components/star-input";
import { handleUnauthorized, isUnauthorizedError } from "@/client/lib/api-client";
import { useMessages } from "@/client/lib/messages";
import { msg } from "@/contract/messages";
import { type PendingReview, REVIEW_TEXT_MIN } from "@/contract/reviews";

const REVIEW_TYPES = ["review_received"] as const;

export default function ReviewsPage() {
  const { t } = useTranslation("app");
  // Opening the reviews page reads the "left you a review" notifications (issue 12).
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
        <ul className="list-disc space-y-1 pl-5">
          <li>{t("Be honest and constructive: your review helps neighbours decide.")}</li>
          <li>{t("Focus on the meal's quality, the portion size and how the pickup went.")}</li>
          <li>{t("Respect the cook: they shared their time and their kitchen.")}</li>
          <li>{t("Report safety concerns with the report button instead of only writing them here.")}</li>
        </ul>
      </aside>
    </div>
  );
}

const formSchema = z.object({
  rating: z.number().int().min(0).max(5),
  text: z
    .string()
    .trim()
    .min(REVIEW_TEXT_MIN, msg("Review must be at least {{min}} characters", { min: REVIEW_TEXT_MIN })),
});
type FormValues = z.infer<typeof formSchema>;

function ReviewCard({ item }: { item: PendingReview }) {
  const { t } = useTranslation("app");
  const say = useMessages();
  const create = useCreateReview();
  const textId = useId();
  const errorId = useId();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { rating: 0, text: "" },
  });
  const rating = form.watch("rating");

  const onSubmit = form.handleSubmit((values) => {
    if (values.rating === 0) {
      toast({
        title: t("Rating required"),
        description: t("Please select a star rating before submitting."),
        variant: "destructive",
      });
      return;
    }
    create.mutate(
      { revieweeId: item.revieweeId, mealId: item.mealId, rating: values.rating, text: values.text },
      {
        onSuccess: () =>
          toast({ title: t("Review submitted"), description: t("Thank you for your feedback!") }),
        onError: (error) => {
          if (isUnauthorizedError(error)) return handleUnauthorized();
          toast({
            title: t("Error"),
            description: t("Failed to submit review. Please try again."),
            variant: "destructive",
          });
        },
      },
    );
  });
  const textError = form.formState.errors.text?.message;

  return (
    <Card data-testid="pending-review">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div>
          <CardTitle className="text-lg">{item.mealTitle}</CardTitle>
          <p className="text-sm text-muted-foreground">
            {t("Review for {{name}}", { name: item.revieweeName })}
          </p>
        </div>
        <Badge variant="secondary">{item.reviewerRole === "eater" ? t("As Eater") : t("As Feeder")}</Badge>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          <Controller
            control={form.control}
            name="rating"
            render={({ field }) => <StarInput value={field.value} onChange={field.onChange} />}
          />
          <div className="flex flex-col gap-1">
            <Label htmlFor={textId}>
              {t("Your review")} <span aria-hidden="true">*</span>
            </Label>
            <Textarea
              id={textId}
              rows={3}
              required
              maxLength={2000}
              placeholder={t("How was the meal, the portion and the pickup?")}
              aria-invalid={Boolean(textError)}
              aria-describedby={textError ? errorId : undefined}
              {...form.register("text")}
            />
            {textError && (
              <p id={errorId} className="text-sm text-destructive">
                {say(textError)}
              </p>
            )}
          </div>
          <Button type="submit" className="self-start" disabled={rating === 0 || create.isPending}>
            {t("Submit Review")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
