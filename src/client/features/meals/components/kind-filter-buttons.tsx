/**
 * All, Free and Paid on Home (spec §2 "Home"): the buttons only set the search text, the kind's
 * word in the reader's language, so the server's search decides what matches.
 */
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { useMessages } from "@/client/lib/messages";
import { KIND_SEARCH_WORDS } from "@/contract/plain/meals";
import type { MealFilterState } from "../use-meal-filters";

export function KindFilterButtons({ filters }: { filters: MealFilterState }) {
  const { t } = useTranslation("app");
  const say = useMessages();
  const buttons = [
    { label: t("All"), text: "" },
    { label: t("Free"), text: say(KIND_SEARCH_WORDS.free) },
    { label: t("Paid"), text: say(KIND_SEARCH_WORDS.paid) },
  ];
  return (
    <fieldset className="flex gap-1">
      <legend className="sr-only">{t("Filter meals")}</legend>
      {buttons.map((filter) => (
        <Button
          key={filter.label}
          size="sm"
          variant={filters.filters.q === filter.text ? "default" : "outline"}
          aria-pressed={filters.filters.q === filter.text}
          onClick={() => filters.searchFor(filter.text)}
          className="min-w-14"
        >
          {filter.label}
        </Button>
      ))}
    </fieldset>
  );
}
