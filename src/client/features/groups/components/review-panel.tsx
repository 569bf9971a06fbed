/**
 * One membership review (docs/decisions/020 "Membership review"): whose, why, their answer, how many
 * voted against the quorum, and — as the review's `abilities` allow — the viewer's vote or the
 * member's answer; once closed, the outcome and the counts.
 */
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { RefusalNote } from "@/client/components/refusal-note";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { useFormat } from "@/client/lib/format";
import type { GroupReview } from "@/contract/group-reviews";
import { useReviewAnswer, useReviewVote } from "../api/reviews";

export function ReviewPanel({ review, groupName }: { review: GroupReview; groupName: string }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const name = `${review.member.firstName} ${review.member.lastName}`.trim();
  const vote = useReviewVote(review.groupId, review.id);
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-4">
        <h1 className="text-2xl font-bold">
          {t("Review of {{name}}'s membership in {{group}}", { name, group: groupName })}
        </h1>
        <p className="text-sm text-muted-foreground">
          {review.status === "open"
            ? t("Open for votes until {{time}}. {{votes}} of the {{quorum}} votes needed so far.", {
                time: f.dateTime(review.closesAt),
                votes: review.votes,
                quorum: review.quorum,
              })
            : review.status === "removed"
              ? t("Closed: the members voted to remove {{name}}.", { name })
              : t("Closed: {{name}} stays a member.", { name })}
        </p>
        {review.result && (
          <p className="text-sm">{t("{{remove}} voted to remove, {{keep}} to keep.", review.result)}</p>
        )}
        <section aria-labelledby="review-reason">
          <h2 id="review-reason" className="font-semibold">
            {t("Why a review was asked for")}
          </h2>
          <p className="whitespace-pre-line">{review.reason}</p>
        </section>
        <section aria-labelledby="review-answer">
          <h2 id="review-answer" className="font-semibold">
            {t("{{name}}'s answer", { name })}
          </h2>
          {review.abilities.answer.allowed ? (
            <AnswerForm review={review} />
          ) : (
            <p className="whitespace-pre-line text-muted-foreground">
              {review.answer ?? t("No answer yet.")}
            </p>
          )}
        </section>
        {review.abilities.vote.allowed ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="font-semibold">{t("Your vote")}</legend>
            <p className="text-sm text-muted-foreground">
              {t(
                "Removal needs more votes to remove than to keep, and a quorum to which members of longer standing contribute at least half.",
              )}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant={review.myVote === "keep" ? "default" : "outline"}
                aria-pressed={review.myVote === "keep"}
                disabled={vote.isPending}
                onClick={() => vote.mutate("keep")}
              >
                {t("Keep {{name}}", { name })}
              </Button>
              <Button
                variant={review.myVote === "remove" ? "destructive" : "outline"}
                aria-pressed={review.myVote === "remove"}
                disabled={vote.isPending}
                onClick={() => vote.mutate("remove")}
              >
                {t("Remove {{name}}", { name })}
              </Button>
            </div>
          </fieldset>
        ) : (
          <RefusalNote ability={review.abilities.vote} className="text-sm text-muted-foreground" />
        )}
      </CardContent>
    </Card>
  );
}

function AnswerForm({ review }: { review: GroupReview }) {
  const { t } = useTranslation("app");
  const id = useId();
  const [answer, setAnswer] = useState(review.answer ?? "");
  const save = useReviewAnswer(review.groupId, review.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(answer.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <Label htmlFor={id}>{t("Your answer, for the members who vote")}</Label>
      <Textarea id={id} value={answer} maxLength={2000} onChange={(event) => setAnswer(event.target.value)} />
      <Button type="submit" className="self-start" disabled={!answer.trim() || save.isPending}>
        {t("Save my answer")}
      </Button>
    </form>
  );
}
