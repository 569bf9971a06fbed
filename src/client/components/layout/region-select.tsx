/**
 * How dates, times and numbers are written (docs/features/languages-currency-impact.md, "Locale
 * regions"): the regions of the current language, each named in it by Intl ("English (United
 * Kingdom)"), with an example of the date and time it writes, and "As this browser" to follow the
 * browser again. Kept on this device (lib/region.ts).
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { chooseRegion, chosenRegion, REGIONS, useFormatLocale } from "@/client/lib/region";
import type { Language } from "@/contract/languages";

/** A fixed moment to show each region's way of writing it: 27 November 2026, 17:30. */
const EXAMPLE = new Date(2026, 10, 27, 17, 30);

export function RegionSelect() {
  const { t, i18n } = useTranslation("common");
  const id = useId();
  const language = (i18n.language as Language) ?? "en";
  // Read so the select re-renders when the choice changes.
  useFormatLocale(language);
  const chosen = chosenRegion();
  const value = chosen?.startsWith(`${language}-`) ? chosen : "";
  const names = new Intl.DisplayNames([language], { type: "language" });
  const example = (tag: string) =>
    new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" }).format(EXAMPLE);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id}>{t("Dates and numbers")}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => chooseRegion(event.target.value || null)}
        className="h-9 rounded-md border border-input bg-background px-2"
      >
        <option value="">{t("As this browser")}</option>
        {REGIONS[language].map((tag) => (
          <option key={tag} value={tag}>
            {`${names.of(tag) ?? tag} · ${example(tag)}`}
          </option>
        ))}
      </select>
    </div>
  );
}
