/**
 * A waiting-list offer on the meal's page (docs/features/households.md point 2): the portions kept for
 * this eater and until when, with Take them up and No thanks — the same moves the thread offers, sent
 * to the offer's request. Past its deadline the server offers nothing, and neither does this.
 */
import { Hourglass } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/use-toast";
import { useFormat } from "@/client/lib/format";
import type { MealDetail } from "@/contract/meals";
import { useUpdateRequestStatus } from "../api/update-status";

export function OfferPanel({
  meal,
}: {
  meal: MealDetail & { myOffer: NonNullable<MealDetail["myOffer"]>; myOpenRequestId: string };
}) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const update = useUpdateRequestStatus(meal.myOpenRequestId);
  const answer = (status: "accepted" | "cancelled") =>
    update.mutate(
      { status },
      {
        onSuccess: () =>
          toast({ title: status === "accepted" ? t("The portions are yours.") : t("Offer turned down.") }),
      },
    );
  return (
    <section
      aria-labelledby="offer-heading"
      className="flex flex-col gap-3 rounded-xl border-2 border-primary bg-card p-4"
      data-testid="offer-panel"
    >
      <h2 id="offer-heading" className="inline-flex items-center gap-2 text-lg font-semibold">
        <Hourglass className="h-5 w-5 text-primary" aria-hidden="true" />
        {t("{{count}} portions are kept for you", { count: meal.myOffer.portions })}
      </h2>
      <p className="text-sm">
        {t("From the waiting list: take them up by {{time}}, or they go to the next in line.", {
          time: f.time(meal.myOffer.holdUntil),
        })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => answer("accepted")} disabled={update.isPending}>
          {t("Take them up")}
        </Button>
        <Button variant="outline" onClick={() => answer("cancelled")} disabled={update.isPending}>
          {t("No thanks")}
        </Button>
        <Button asChild variant="link">
          <Link href={`/request/${meal.myOpenRequestId}`}>{t("Open the conversation")}</Link>
        </Button>
      </div>
    </section>
  );
}
