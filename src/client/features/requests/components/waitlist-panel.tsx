/**
 * The waiting list on a meal's page (docs/features/households.md point 2): with no portions left, an
 * eater may wait for the number they want; when portions come back the first in line whose number
 * fits is offered them for 30 minutes. Once in line, their place, and a way out.
 */
import { ListOrdered } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { RefusalNote } from "@/client/components/refusal-note";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/use-toast";
import type { MealDetail } from "@/contract/meals";
import { OFFER_HOLD_MINUTES } from "@/contract/plain/requests";
import { useJoinWaitlist, useLeaveWaitlist } from "../api/waitlist";
import { PortionsField } from "./portions-field";

export function WaitlistPanel({ meal }: { meal: MealDetail }) {
  const { t } = useTranslation("app");
  const id = useId();
  const [portions, setPortions] = useState(1);
  const join = useJoinWaitlist(meal.id);
  const leave = useLeaveWaitlist(meal.id);
  const mine = meal.waitlist.mine;

  if (mine) {
    return (
      <section
        aria-labelledby={`${id}-title`}
        className="flex flex-col gap-3 rounded-xl border bg-card p-4"
        data-testid="waitlist"
      >
        <h2 id={`${id}-title`} className="inline-flex items-center gap-2 text-lg font-semibold">
          <ListOrdered className="h-5 w-5 text-primary" aria-hidden="true" />{" "}
          {t("You are on the waiting list")}
        </h2>
        <p className="text-sm">
          {t("Number {{position}} in line, for {{count}} portion.", {
            position: mine.position,
            count: mine.portions,
          })}
        </p>
        <p className="text-sm text-muted-foreground">
          {t("When portions come back, you are told and they are kept for you for {{minutes}} minutes.", {
            minutes: OFFER_HOLD_MINUTES,
          })}
        </p>
        <Button
          variant="outline"
          onClick={() => leave.mutate()}
          disabled={leave.isPending}
          className="self-start"
        >
          {t("Leave the waiting list")}
        </Button>
      </section>
    );
  }
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4"
      data-testid="waitlist"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("Fully reserved")}
      </h2>
      <p className="text-sm text-muted-foreground">
        {meal.waitlist.waiting > 0
          ? t(
              "{{count}} neighbour waiting. Join the waiting list: if portions come back, the first in line whose number fits gets them.",
              {
                count: meal.waitlist.waiting,
              },
            )
          : t("Join the waiting list: if portions come back, the first in line whose number fits gets them.")}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <PortionsField max={meal.portionSize} value={portions} onChange={setPortions} />
        <Button
          onClick={() =>
            join.mutate(portions, { onSuccess: () => toast({ title: t("You are on the waiting list") }) })
          }
          disabled={join.isPending || !meal.abilities.waitlist.allowed}
        >
          {t("Join the waiting list")}
        </Button>
      </div>
      <RefusalNote ability={meal.abilities.waitlist} />
    </section>
  );
}
