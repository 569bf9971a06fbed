/**
 * "Near me" (docs/features/discovery.md): asks the browser for the viewer's position, then lists meals
 * within the chosen radius, nearest first, each with its distance (docs/DESIGN.md §4 "Distance"). A
 * refusal says so in plain words; the list stays as it was.
 */
import { LocateFixed } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { requestViewerPosition, useViewerPosition } from "@/client/lib/geo";
import { NEAR_RADIUS_CHOICES_KM } from "@/contract/meals";
import type { MealFilterState } from "../use-meal-filters";

export function NearMeControl({ filters }: { filters: MealFilterState }) {
  const { t } = useTranslation("app");
  const position = useViewerPosition();
  const [error, setError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const radiusId = useId();
  const active = filters.nearMe && position !== null;

  async function toggle() {
    if (active) return filters.setNearMe(false);
    setError(null);
    if (!position) {
      setLocating(true);
      try {
        await requestViewerPosition();
      } catch (failure) {
        setError((failure as Error).message);
        return;
      } finally {
        setLocating(false);
      }
    }
    filters.setNearMe(true);
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant={active ? "default" : "outline"}
          size="sm"
          aria-pressed={active}
          onClick={toggle}
          disabled={locating}
        >
          <LocateFixed aria-hidden="true" /> {locating ? t("Locating...") : t("Near me")}
        </Button>
        {active && (
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={radiusId}>{t("Radius")}</label>
            <select
              id={radiusId}
              value={filters.radiusKm}
              onChange={(event) => filters.setRadiusKm(Number(event.target.value))}
              className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {NEAR_RADIUS_CHOICES_KM.map((km) => (
                <option key={km} value={km}>
                  {t("{{km}} km", { km })}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {filters.awaitingPosition && !error && (
        <p className="text-xs text-muted-foreground">
          {t("Share your location to see the meals nearest to you.")}
        </p>
      )}
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
