/**
 * A change of the terms an eater agreed to (docs/features/exchange.md "Terms agreed are kept"): what
 * the cook changed, old → new, field by field, and — for the eater, while unanswered — Keep my portion
 * or Give it up (free for both: on nobody's record). The cook sees that the eater is asked.
 */
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { useDisplayName } from "@/client/lib/display-name";
import { useFormat } from "@/client/lib/format";
import { allergyWarningName } from "@/contract/plain/food-safety";
import type { AgreedTerms, MealChangeLine, TermField } from "@/contract/plain/requests";
import type { MealRequest } from "@/contract/requests";
import { useAnswerTerms } from "../api/update-status";

/** Each term's name, and a term as words in the reader's language and region. */
function useTermWords() {
  const { t } = useTranslation("app");
  const f = useFormat();
  const said = (terms: AgreedTerms, field: TermField): string => {
    if (field === "price") return terms.priceCents === null ? t("Free") : f.price(terms.priceCents);
    if (field === "window")
      return `${f.day(terms.pickupWindowStart)}, ${f.window(terms.pickupWindowStart, terms.pickupWindowEnd)}`;
    if (field === "place") return terms.pickupLocation;
    return terms.allergens.map(allergyWarningName).join(", ") || t("None");
  };
  const labels: Record<TermField, string> = {
    price: t("Price"),
    window: t("Pickup time"),
    place: t("Pickup place"),
    allergens: t("Allergens"),
  };
  return { said, labels };
}

/** The changed terms, one per line: its name, then old (struck through) → new. */
export function TermLines({ change }: { change: MealChangeLine }) {
  const { t } = useTranslation("app");
  const { said, labels } = useTermWords();
  return (
    <dl className="flex flex-col gap-2 text-sm">
      {change.fields.map((field) => (
        <div key={field} className="flex flex-col gap-0.5">
          <dt className="font-semibold">{labels[field]}</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="line-through">{said(change.from, field)}</span>
            <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-label={t("now")} />
            <span className="font-medium">{said(change.to, field)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function TermsChangeCard({ request }: { request: MealRequest }) {
  const { t } = useTranslation("app");
  const displayName = useDisplayName();
  const answer = useAnswerTerms(request.id);
  const change = request.termsChange;
  if (!change || change.answer !== null || request.status !== "accepted") return null;
  const isEater = request.viewerSide === "eater";
  return (
    <section
      aria-labelledby="terms-change"
      className="flex flex-col gap-3 rounded-xl border-2 border-amber-600 bg-amber-50 p-4"
      data-testid="terms-change"
    >
      <h2 id="terms-change" className="text-lg font-semibold">
        {isEater
          ? t("{{name}} changed what you agreed to", { name: displayName(request.owner) })
          : t("{{name}} is asked about your changes", { name: displayName(request.eater) })}
      </h2>
      <TermLines change={change} />
      {isEater && (
        <>
          <p className="text-sm">
            {t("Keep your portion on the new terms, or give it up: giving up counts against nobody.")}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button disabled={answer.isPending} onClick={() => answer.mutate("kept")}>
              {t("Keep my portion")}
            </Button>
            <Button variant="outline" disabled={answer.isPending} onClick={() => answer.mutate("gave_up")}>
              {t("Give it up")}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
