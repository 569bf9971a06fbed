/**
 * The neighbourhood's impact in figures (issue 15): meals shared, portions picked up, neighbours
 * who shared, and the estimated food and CO2e saved. Used by /impact and Home's card.
 */

import { cn } from "@/client/lib/utils";
import type { Impact } from "@/contract/impact";

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** The five figures, each with its label. */
export function ImpactFigures({ impact, className }: { impact: Impact; className?: string }) {
  const figures = [
    [number.format(impact.mealsShared), "meals shared"],
    [number.format(impact.portionsPickedUp), "portions picked up"],
    [number.format(impact.neighboursShared), "neighbours who shared"],
    [`${number.format(impact.foodSavedKg)} kg`, "food kept out of the bin (estimate)"],
    [`${number.format(impact.co2eAvoidedKg)} kg`, "CO2e emissions avoided (estimate)"],
  ] as const;
  return (
    <dl className={cn("grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5", className)}>
      {figures.map(([value, label]) => (
        <div key={label} className="flex flex-col-reverse rounded-lg border bg-card p-4 text-center">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-bold text-green-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
