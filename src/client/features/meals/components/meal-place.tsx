/**
 * Where a meal is picked up, on a map (docs/features/neighbourhood.md point 3): a circle of about
 * 100 m around its rounded point, never a pin on a door (docs/DESIGN.md §6c). A meal without a point
 * (posted by another client, or before meals had one) shows no map.
 */
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/client/components/layout/spinner";
import { AreaMap } from "@/client/features/places";
import type { Meal } from "@/contract/meals";

/** The circle's radius: what the point's rounding to 3 decimals leaves uncertain. */
const COARSE_RADIUS_M = 100;

export function MealPlace({ meal }: { meal: Pick<Meal, "latitude" | "longitude"> }) {
  const { t } = useTranslation("app");
  if (meal.latitude == null || meal.longitude == null) return null;
  return (
    <section aria-label={t("Pickup area")} className="flex flex-col gap-1">
      <Suspense fallback={<Spinner className="h-48" label={t("Loading the map")} />}>
        <AreaMap
          center={{ latitude: meal.latitude, longitude: meal.longitude }}
          radiusMetres={COARSE_RADIUS_M}
          label={t("Map of the pickup area")}
          className="h-48"
        />
      </Suspense>
      <p className="text-xs text-muted-foreground">
        {t("The meal is picked up within about 100 m of the circle's centre.")}
      </p>
    </section>
  );
}
