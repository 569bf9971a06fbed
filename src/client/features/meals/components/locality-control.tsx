/**
 * Where a list looks (docs/features/neighbourhood.md point 2; docs/features/discovery.md "near me"):
 * around the member's home area (the default once they have one), around this device ("Near me",
 * which asks the browser for its position), or everywhere; for a local list, its radius and whether
 * the nearest or the newest meals come first. A refused position says so in plain words; the list
 * stays as it was.
 */
import { Globe, House, LocateFixed } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { requestViewerPosition, useViewerPosition } from "@/client/lib/geo";
import { cn } from "@/client/lib/utils";
import { LOCAL_SORTS, NEAR_RADIUS_CHOICES_KM } from "@/contract/plain/meals";
import type { MealFilterState } from "../use-meal-filters";

const selectClass = cn(
  "h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
);

/** A local list's radius and its order (nearest or newest first). */
function RadiusAndSort({ filters }: { filters: MealFilterState }) {
  const { t } = useTranslation("app");
  const radiusId = useId();
  const sortId = useId();
  const sortLabels = { nearest: t("Nearest first"), newest: t("Newest first") };
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={radiusId}>{t("Radius")}</label>
      <select
        id={radiusId}
        value={filters.radiusKm}
        onChange={(event) => filters.setRadiusKm(Number(event.target.value))}
        className={selectClass}
      >
        {NEAR_RADIUS_CHOICES_KM.map((km) => (
          <option key={km} value={km}>
            {t("{{km}} km", { km })}
          </option>
        ))}
      </select>
      <label htmlFor={sortId}>{t("Sort")}</label>
      <select
        id={sortId}
        value={filters.sort}
        onChange={(event) => filters.setSort(event.target.value as (typeof LOCAL_SORTS)[number])}
        className={selectClass}
      >
        {LOCAL_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {sortLabels[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function LocalityControl({ filters }: { filters: MealFilterState }) {
  const { t } = useTranslation("app");
  const position = useViewerPosition();
  const [error, setError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const nearMeActive = filters.area === "here" && position !== null;

  async function toggleNearMe() {
    if (nearMeActive) return filters.setArea(filters.homeArea ? "home" : "all");
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
    filters.setArea("here");
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t("Where")}</legend>
          {filters.homeArea && (
            <Button
              variant={filters.area === "home" ? "default" : "outline"}
              size="sm"
              aria-pressed={filters.area === "home"}
              onClick={() => filters.setArea("home")}
            >
              <House aria-hidden="true" /> {t("Near home")}
            </Button>
          )}
          <Button
            variant={nearMeActive ? "default" : "outline"}
            size="sm"
            aria-pressed={nearMeActive}
            onClick={toggleNearMe}
            disabled={locating}
          >
            <LocateFixed aria-hidden="true" /> {locating ? t("Locating...") : t("Near me")}
          </Button>
          <Button
            variant={filters.area === "all" ? "default" : "outline"}
            size="sm"
            aria-pressed={filters.area === "all"}
            onClick={() => filters.setArea("all")}
          >
            <Globe aria-hidden="true" /> {t("Everywhere")}
          </Button>
        </fieldset>
        {filters.isLocal && <RadiusAndSort filters={filters} />}
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
