/**
 * The Saved tab (docs/features/everyday-journey.md "Save a meal"): the meals the member
 * saved that are still open, as cards, or what the heart is for when there are none.
 */
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { Button } from "@/client/components/ui/button";
import { useSavedMeals } from "../api/saved";
import { MealGrid } from "./meal-grid";

export function SavedMeals() {
  const { t } = useTranslation("app");
  const saved = useSavedMeals();
  return (
    <MealGrid
      query={saved}
      empty={
        <EmptyState
          title={t("No saved meals")}
          text={t("Tap the heart on a meal to keep it here; you hear when it is taken or about to end.")}
        >
          <Button asChild>
            <Link href="/community">{t("Browse Community")}</Link>
          </Button>
        </EmptyState>
      }
    />
  );
}
