/**
 * One review the member owes (spec §2 "Pending Reviews", §4 "Review form"): the exchange, stars and
 * optional words (stars alone are a review); a missing rating says so (spec §8 "Rating required"). The form speaks to the side writing it
 * (docs/features/everyday-journey.md): an eater reviews the meal and the
 * pickup, a feeder the neighbour who came for it.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/use-toast";
import { useMessages } from "@/client/lib/messages";
import { type PendingReview, reviewTextSchema } from "@/contract/reviews";
import { useCreateReview } from "../api/reviews";
import { StarInput } from "./star-input";

const formSchema = z.object({
  rating: z.number().int().min(0).max(5),
  text: reviewTextSchema(),
});
type FormValues = z.infer<typeof formSchema>;

export function ReviewCard({ item }: { item: PendingReview }) {
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
            <Label htmlFor={textId}>{t("Your review (optional)")}</Label>
            <Textarea
              id={textId}
              rows={3}
              maxLength={2000}
              placeholder={
                item.reviewerRole === "eater"
                  ? t("How was the meal, the portion and the pickup?")
                  : t("How did the pickup go: on time, friendly, as agreed?")
              }
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
