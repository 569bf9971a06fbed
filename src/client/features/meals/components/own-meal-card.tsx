/** One of the cook's own meals on their profile: photo, price, day, portions left, state, and (de)activate. */
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { useFormat } from "@/client/lib/format";
import type { Meal } from "@/contract/meals";
import { useToggleMealActive } from "../api/update-meal";
import { MealPhoto } from "./meal-photo";
import { usePriceLabel } from "./price-label";

export function OwnMealCard({ meal }: { meal: Meal }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const priceLabel = usePriceLabel();
  const updateMeal = useToggleMealActive();
  const toggle = () => updateMeal.toggle(meal);
  return (
    <Card className="overflow-hidden" data-testid="own-meal">
      <Link href={`/meal/${meal.id}`}>
        <MealPhoto meal={meal} />
      </Link>
      <CardContent className="flex flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-2">
          <Link href={`/meal/${meal.id}`} className="font-semibold hover:underline">
            {meal.title}
          </Link>
          <span className="text-sm">{priceLabel(meal)}</span>
        </div>
        <p className="text-sm text-muted-foreground">
          {f.day(meal.pickupWindowStart)} ·{" "}
          {t("{{left}} of {{size}} left", { left: meal.portionsLeft, size: meal.portionSize })} ·{" "}
          {meal.isActive ? (meal.isExpired ? t("Ended") : t("Active")) : t("Inactive")}
        </p>
        <Button
          variant={meal.isActive ? "outline" : "default"}
          size="sm"
          onClick={toggle}
          disabled={updateMeal.isPending}
        >
          {meal.isActive ? t("Deactivate") : t("Activate")}
        </Button>
      </CardContent>
    </Card>
  );
}
