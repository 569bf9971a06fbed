/**
 * Where a meal is picked up, on a map (docs/features/neighbourhood.md point 3): a circle of 350 m
 * around the point it is shown at, which lies 150–250 m from the pickup point in a direction only the
 * server knows, never a pin on a door (docs/DESIGN.md §6c). A meal without a point (posted by another
 * client, or before meals had one) shows no map. The map (Leaflet and its tiles) loads as the section
 * nears the screen: on a phone it is below the meal's photo and facts, and loading it with the page
 * cost the first screen ~45 KB of script and its tiles (docs/decisions/015 "Phones").
 */
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useInView } from "react-intersection-observer";
import { Spinner } from "@/client/components/layout/spinner";
import { AreaMap } from "@/client/features/places";
import type { Meal, MealDetail } from "@/contract/meals";
import { SHOWN_AREA_RADIUS_M } from "@/contract/plain/places";

export function MealPlace({
  meal,
}: {
  meal: Pick<Meal, "latitude" | "longitude"> & { privatePickup?: MealDetail["privatePickup"] };
}) {
  const { t } = useTranslation("app");
  const { ref, inView } = useInView({ triggerOnce: true, rootMargin: "300px 0px" });
  // The feeder's own view: what neighbours are told only once accepted.
  const details = meal.privatePickup?.details;
  if (meal.latitude == null || meal.longitude == null) {
    return details ? <PrivateDetails details={details} /> : null;
  }
  return (
    <section ref={ref} aria-label={t("Pickup area")} className="flex flex-col gap-1">
      {inView ? (
        <Suspense fallback={<Spinner className="h-48" label={t("Loading the map")} />}>
          <AreaMap
            center={{ latitude: meal.latitude, longitude: meal.longitude }}
            radiusMetres={SHOWN_AREA_RADIUS_M}
            label={t("Map of the pickup area")}
            className="h-48"
          />
        </Suspense>
      ) : (
        <div className="h-48 rounded-md bg-muted" />
      )}
      <p className="text-xs text-muted-foreground">
        {t("The meal is picked up somewhere in this circle; the cook tells you where once they accept.")}
      </p>
      {details && <PrivateDetails details={details} />}
    </section>
  );
}

function PrivateDetails({ details }: { details: string }) {
  const { t } = useTranslation("app");
  return (
    <p className="text-sm" data-testid="pickup-private-details">
      <span className="font-medium">{t("Pickup details, for the neighbours you accept:")}</span> {details}
    </p>
  );
}
