/**
 * The meal page's photo with its price, delivery and inactive badges — "Held for a quick check" for
 * its cook while a moderator looks at it (docs/decisions/020) — and Report this meal.
 */
import { useTranslation } from "react-i18next";
import { HeldMark } from "@/client/components/held-mark";
import { Badge } from "@/client/components/ui/badge";
import { ReportButton } from "@/client/features/reports";
import type { Meal } from "@/contract/meals";
import { PHOTO_SIZES } from "@/contract/plain/photos";
import { MealPhoto } from "./meal-photo";
import { PriceBadge } from "./price-label";

export function MealHero({ meal, isOwner }: { meal: Meal; isOwner: boolean }) {
  const { t } = useTranslation("app");
  return (
    <div className="relative overflow-hidden rounded-xl">
      <MealPhoto meal={meal} first sizes={PHOTO_SIZES.hero} />
      <div className="absolute start-3 top-3 flex gap-1">
        <PriceBadge meal={meal} />
        {meal.deliveryAvailable && <Badge variant="secondary">{t("Delivery")}</Badge>}
        {meal.held ? (
          <Badge variant="secondary">
            <HeldMark className="inline-flex items-center gap-1" />
          </Badge>
        ) : (
          !meal.isActive && <Badge variant="destructive">{t("Inactive")}</Badge>
        )}
      </div>
      {!isOwner && (
        <ReportButton
          targetType="meal"
          targetId={meal.id}
          label={t("Report this meal")}
          variant="secondary"
          size="icon"
          className="absolute end-3 top-3 rounded-full bg-white/90 hover:bg-white"
        />
      )}
    </div>
  );
}
