/**
 * One of the cook's own meals on their profile: photo, price, day, portions left, state, whether it is
 * a weekly meal, (de)activate, Edit while it is on (docs/features/everyday-journey.md), and Share
 * again for one that ended (docs/features/households.md point 3).
 */

import { Repeat } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { HeldMark } from "@/client/components/held-mark";
import { Badge } from "@/client/components/ui/badge";
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
          <Link href={`/meal/${meal.id}`} className="font-semibold hover:underline" dir="auto">
            {meal.title}
          </Link>
          <span className="text-sm">{priceLabel(meal)}</span>
        </div>
        {meal.seriesId && (
          <Badge variant="secondary" className="gap-1 self-start">
            <Repeat className="h-3 w-3" aria-hidden="true" /> {t("Weekly")}
          </Badge>
        )}
        <p className="text-sm text-muted-foreground">
          {f.day(meal.pickupWindowStart)} ·{" "}
          {t("{{left}} of {{size}} left", { left: meal.portionsLeft, size: meal.portionSize })} ·{" "}
          {meal.isActive ? (meal.isExpired ? t("Ended") : t("Active")) : t("Inactive")}
        </p>
        {meal.held && <HeldMark />}
        <div className="flex flex-wrap gap-2">
          {/* A held meal goes live when a moderator lets it through, not before. */}
          {!meal.held && (
            <Button
              variant={meal.isActive ? "outline" : "default"}
              size="sm"
              onClick={toggle}
              disabled={updateMeal.isPending}
            >
              {meal.isActive ? t("Deactivate") : t("Activate")}
            </Button>
          )}
          {!meal.isExpired && (
            <Button asChild size="sm" variant="outline">
              <Link href={`/meal/${meal.id}/edit`} aria-label={`${t("Edit")}: ${meal.title}`}>
                {t("Edit")}
              </Link>
            </Button>
          )}
          {meal.isExpired && (
            <Button asChild size="sm" variant="outline">
              <Link href={`/meals/new?from=${meal.id}`} aria-label={`${t("Share again")}: ${meal.title}`}>
                {t("Share again")}
              </Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
