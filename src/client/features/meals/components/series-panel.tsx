/**
 * A weekly meal on its page (docs/features/households.md point 3): when the next week's meal comes, for
 * anyone, and for its cook Pause, Resume or Stop. Each week is a meal of its own: changing this one
 * leaves the others.
 */
import { Repeat } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RefusalNote } from "@/client/components/refusal-note";
import { Button } from "@/client/components/ui/button";
import { useFormat } from "@/client/lib/format";
import type { MealDetail, SeriesStatus } from "@/contract/meals";
import { useSetSeriesStatus } from "../api/series";

export function SeriesPanel({ meal, isOwner }: { meal: MealDetail; isOwner: boolean }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const series = meal.series;
  const update = useSetSeriesStatus(meal.id, series?.id ?? "");
  if (!series) return null;
  const next = series.nextStart;
  const move = (status: SeriesStatus, label: string) => (
    <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => update.mutate(status)}>
      {label}
    </Button>
  );
  return (
    <section
      aria-labelledby="weekly-meal"
      className="flex flex-col gap-2 rounded-xl border bg-card p-4"
      data-testid="series"
    >
      <h2 id="weekly-meal" className="inline-flex items-center gap-2 font-semibold">
        <Repeat className="h-4 w-4 text-primary" aria-hidden="true" /> {t("Weekly meal")}
      </h2>
      <p className="text-sm">
        {series.status === "stopped"
          ? t("Stopped: no more weeks will be posted.")
          : series.status === "paused"
            ? isOwner
              ? t("Paused: weeks are skipped until you resume.")
              : t("Paused: the cook posts no more weeks for now.")
            : next
              ? t("Next on {{day}}, {{time}} (week {{week}} of {{weeks}}).", {
                  day: f.day(next),
                  time: f.time(next),
                  week: series.made + 1,
                  weeks: series.weeks,
                })
              : t("This was the last week.")}
      </p>
      {isOwner && (
        <p className="text-xs text-muted-foreground">
          {t(
            "Each week is posted a day before its pickup, as a meal of its own: changing one leaves the others.",
          )}
        </p>
      )}
      {series.abilities.stop.allowed && (
        <div className="flex flex-wrap gap-2">
          {series.status !== "paused" && move("paused", t("Pause"))}
          {series.status === "paused" &&
            (series.abilities.resume.allowed ? (
              move("active", t("Resume"))
            ) : (
              <RefusalNote ability={series.abilities.resume} className="text-sm text-muted-foreground" />
            ))}
          {move("stopped", t("Stop"))}
        </div>
      )}
    </section>
  );
}
