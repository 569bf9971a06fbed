/**
 * The meal form's "Every week" (docs/features/households.md point 3), for registered cooks: the same
 * meal posted every week on the same weekday and times, for 2 to 8 weeks in all; each week's meal is
 * made a day before its pickup.
 */
import { useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Checkbox } from "@/client/components/ui/checkbox";
import { Label } from "@/client/components/ui/label";
import { SERIES_WEEKS_MAX } from "@/contract/plain/meals";
import type { MealFormValues } from "../../meal-form-schema";

export function WeeklyFields({ form }: { form: UseFormReturn<MealFormValues> }) {
  const { t } = useTranslation("app");
  const weeksId = useId();
  const weekly = form.watch("weekly");
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{t("Every week")}</legend>
      <div className="flex items-center gap-2">
        <Checkbox
          id="weekly"
          checked={weekly}
          onCheckedChange={(checked) => form.setValue("weekly", checked === true)}
        />
        <Label htmlFor="weekly">{t("Post it every week, same day and times")}</Label>
      </div>
      {weekly && (
        <div className="flex items-center gap-2 text-sm">
          <Label htmlFor={weeksId}>{t("For how many weeks in all")}</Label>
          <select
            id={weeksId}
            value={form.watch("weeks")}
            onChange={(event) => form.setValue("weeks", Number(event.target.value))}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
          >
            {Array.from({ length: SERIES_WEEKS_MAX - 1 }, (_, i) => i + 2).map((weeks) => (
              <option key={weeks} value={weeks}>
                {weeks}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}
