import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import type { Meal } from "@/contract/meals";
import { useToggleMealActive } from "../api/update-meal";

/** An admin can take a reported meal down, or put it back. */
export function AdminMealControls({ meal }: { meal: Meal }) {
  const { t } = useTranslation("app");
  const update = useToggleMealActive();
  const toggle = () => update.toggle(meal);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium">
        {meal.isActive ? t("Admin: this meal is listed.") : t("Admin: this meal is hidden.")}
      </p>
      <Button
        variant={meal.isActive ? "destructive" : "default"}
        disabled={update.isPending}
        onClick={toggle}
      >
        {meal.isActive ? t("Deactivate") : t("Activate")}
      </Button>
    </div>
  );
}
