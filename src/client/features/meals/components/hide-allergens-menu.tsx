/**
 * "Hide allergens" (docs/features/discovery.md): the eater picks, from the allergens open meals name,
 * the ones whose meals the list should leave out (the server's `excludeAllergens`). The choice lives in
 * the URL. Beside it, for a viewer with allergies set in Settings, 'Hide meals with my allergens'
 * (docs/features/food-safety.md, on by default).
 */
import { EyeOff } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import type { MealKind } from "@/contract/meals";
import { useAllergensInUse } from "../api/get-allergens";
import type { MealFilterState } from "../use-meal-filters";

export function HideAllergensMenu({ kind, filters }: { kind?: MealKind; filters: MealFilterState }) {
  const { t } = useTranslation("app");
  const [open, setOpen] = useState(false);
  const inUse = useAllergensInUse(kind, open);
  // Allergens already hidden stay listed even when no open meal names them any more.
  const options = [...new Set([...filters.hidden, ...(inUse.data ?? []).map((entry) => entry.allergen)])];
  const toggle = (allergen: string, hide: boolean) =>
    filters.setHidden(hide ? [...filters.hidden, allergen] : filters.hidden.filter((a) => a !== allergen));

  return (
    <>
      {filters.hasMyAllergens && (
        <label
          htmlFor="hide-my-allergens"
          className="flex h-9 items-center gap-2 rounded-md border px-3 text-sm font-medium"
        >
          <input
            id="hide-my-allergens"
            type="checkbox"
            className="h-4 w-4 accent-green-700"
            checked={filters.hideMine}
            onChange={(event) => filters.setHideMine(event.target.checked)}
          />
          {t("Hide meals with my allergens")}
        </label>
      )}
      <DropdownMenu open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger asChild>
          <Button variant={filters.hidden.length > 0 ? "default" : "outline"} size="sm">
            <EyeOff aria-hidden="true" />{" "}
            {filters.hidden.length > 0
              ? t("Hide allergens ({{number}})", { number: filters.hidden.length })
              : t("Hide allergens")}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="max-h-80 w-64 overflow-y-auto">
          <DropdownMenuLabel>{t("Hide meals that contain")}</DropdownMenuLabel>
          {inUse.isLoading && (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">{t("Loading allergens...")}</p>
          )}
          {inUse.isError && (
            <div role="alert" className="flex items-center justify-between gap-2 px-2 py-1.5 text-sm">
              {t("Could not load allergens.")}
              <Button size="sm" variant="outline" onClick={() => inUse.refetch()}>
                {t("Retry")}
              </Button>
            </div>
          )}
          {inUse.isSuccess && options.length === 0 && (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">
              {t("No open meal lists allergens right now.")}
            </p>
          )}
          {options.map((allergen) => (
            <DropdownMenuCheckboxItem
              key={allergen}
              checked={filters.hidden.includes(allergen)}
              onCheckedChange={(checked) => toggle(allergen, checked === true)}
              // Keep the menu open so several can be ticked.
              onSelect={(event) => event.preventDefault()}
            >
              {allergen}
            </DropdownMenuCheckboxItem>
          ))}
          {filters.hidden.length > 0 && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => filters.setHidden([])}>
                {t("Show all meals again")}
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
