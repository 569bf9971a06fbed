/**
 * The meal page's own parts for its heading and its cook (docs/features/discovery.md): the title with
 * Save and Not interested, portions left and the pickup window, how a paid meal is paid, warnings;
 * and, for the cook, Edit and Print label as the meal's abilities allow, and Share again once past.
 */
import { Clock, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { useDisplayName } from "@/client/lib/display-name";
import { useFormat } from "@/client/lib/format";
import type { MealDetail } from "@/contract/meals";
import { allergyWarningName } from "@/contract/plain/food-safety";
import { AllergenWarning } from "./food-safety";
import { GroupMark } from "./group-mark";
import { NotInterestedMenu } from "./not-interested-menu";
import { PayAtPickup } from "./pay-at-pickup";
import { SaveButton } from "./save-button";

/** The meal's title with Save and Not interested, portions left, the pickup window, and warnings. */
export function MealHeading({ meal, isOwner }: { meal: MealDetail; isOwner: boolean }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const displayName = useDisplayName();
  // Matched on the server by the rule "Hide allergens" uses too, so warned and hidden agree.
  const warnings = meal.allergyWarnings.map(allergyWarningName);
  return (
    <div>
      <div className="flex items-start justify-between gap-3">
        <h1 className="text-3xl font-bold" dir="auto">
          {meal.title}
        </h1>
        {!isOwner && (
          <span className="flex shrink-0 items-center gap-1">
            <SaveButton mealId={meal.id} title={meal.title} className="border" />
            <NotInterestedMenu meal={meal} />
          </span>
        )}
      </div>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <Users className="h-4 w-4" aria-hidden="true" />{" "}
          {meal.portionsLeft > 0
            ? t("{{count}} portion available", { count: meal.portionsLeft })
            : t("Fully reserved")}
        </span>
        <span className="inline-flex items-center gap-1">
          <Clock className="h-4 w-4" aria-hidden="true" /> {f.day(meal.pickupWindowStart)},{" "}
          {f.window(meal.pickupWindowStart, meal.pickupWindowEnd)}
        </span>
      </div>
      {/* The request form says it beside its button, times the portions; a draw's form comes later. */}
      {!isOwner && meal.allocation === "draw" && (
        <PayAtPickup meal={meal} cookName={displayName(meal.owner)} className="mt-2" />
      )}
      <div className="mt-2">
        <GroupMark meal={meal} />
      </div>
      <AllergenWarning names={warnings} className="mt-3" />
    </div>
  );
}

/** The cook's own meal: edit it and print its label as its abilities allow, share it again once past. */
export function OwnerActions({ meal }: { meal: MealDetail }) {
  const { t } = useTranslation("app");
  return (
    <>
      <p className="rounded-xl border bg-muted p-4 text-center font-medium">{t("This is your meal")}</p>
      {meal.abilities.edit.allowed && (
        <Button asChild>
          <Link href={`/meal/${meal.id}/edit`}>{t("Edit meal")}</Link>
        </Button>
      )}
      {meal.abilities.printLabel.allowed && (
        <Button asChild variant="outline">
          <Link href={`/meal/${meal.id}/label`}>{t("Print label")}</Link>
        </Button>
      )}
      {meal.isExpired && (
        <Button asChild variant="outline">
          <Link href={`/meals/new?from=${meal.id}`}>{t("Share again")}</Link>
        </Button>
      )}
    </>
  );
}
