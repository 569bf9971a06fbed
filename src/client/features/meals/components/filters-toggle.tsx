/**
 * The one Filters control behind which a list's filters wait on a phone (docs/features/everyday-journey.md:
 * food first); from the `sm` breakpoint up the filters are always shown and the
 * control is not.
 */
import { SlidersHorizontal } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/lib/utils";

/** Whether a list's filters are open on a phone, and the id that ties the control to them. */
export interface FiltersToggle {
  open: boolean;
  id: string;
  toggle: () => void;
}

export function useFiltersToggle(): FiltersToggle {
  const [open, setOpen] = useState(false);
  const id = useId();
  return { open, id, toggle: () => setOpen((value) => !value) };
}

/** The Filters button, shown below `sm` only. */
export function FiltersButton({ filters }: { filters: FiltersToggle }) {
  const { t } = useTranslation("app");
  return (
    <Button
      type="button"
      variant="outline"
      className="h-10 shrink-0 sm:hidden"
      aria-expanded={filters.open}
      aria-controls={filters.id}
      onClick={filters.toggle}
    >
      <SlidersHorizontal aria-hidden="true" /> {t("Filters")}
    </Button>
  );
}

/** The classes of the filters' container: always shown from `sm` up, below it while open. */
export const filtersPanelClass = (filters: FiltersToggle, className: string) =>
  cn(className, "sm:flex", filters.open ? "flex" : "hidden");
