/**
 * The heart that saves a meal to come back to (docs/features/everyday-journey.md): a
 * toggle button named for the meal, pressed while it is saved, above a card's stretched link.
 */
import { Heart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/client/lib/utils";
import { useIsSaved, useToggleSave } from "../api/saved";

export function SaveButton({
  mealId,
  title,
  className,
}: {
  mealId: string;
  title: string;
  className?: string;
}) {
  const { t } = useTranslation("app");
  const { saved, known } = useIsSaved(mealId);
  const toggle = useToggleSave(mealId);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={t("Save {{title}}", { title })}
      title={saved ? t("Saved") : t("Save")}
      disabled={!known || toggle.isPending}
      onClick={() => toggle.mutate(!saved)}
      className={cn(
        "relative z-10 inline-flex h-10 w-10 items-center justify-center rounded-full bg-background/90 shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
      data-testid="save-meal"
    >
      <Heart
        aria-hidden="true"
        className={cn("h-5 w-5", saved ? "fill-red-600 text-red-600" : "text-foreground")}
      />
    </button>
  );
}
