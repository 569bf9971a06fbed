/**
 * "Not interested" on a meal's card and page (docs/features/everyday-journey.md): the
 * member takes this meal, or every meal of its cook, out of their lists. The toast that says so has
 * Undo; Settings → Hidden from your lists shows them again later. Not offered on one's own meals.
 *
 * A card draws only a plain button; the menu itself (Radix's, with its providers and listeners) is
 * drawn once the button is first pressed: two dozen menus on a list's first screen cost a phone
 * about half a second before its first card (`npm run bench:first-card`, 4× slower CPU).
 */
import { MoreHorizontal } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { toast } from "@/client/components/ui/use-toast";
import { useCurrentUser } from "@/client/features/auth";
import { cn } from "@/client/lib/utils";
import type { Meal } from "@/contract/meals";
import { type HideChange, useHide } from "../api/not-interested";

export function NotInterestedMenu({
  meal,
  className,
}: {
  meal: Pick<Meal, "id" | "title" | "owner">;
  className?: string;
}) {
  const { t } = useTranslation("app");
  const { user } = useCurrentUser();
  const [drawn, setDrawn] = useState(false);
  // Shown on other cooks' meals only (the card and the meal page leave it out on the viewer's own).
  if (!user) return null;
  const label = t("More for {{title}}", { title: meal.title });
  const buttonClass = cn(
    "relative z-10 inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
    className,
  );
  if (!drawn)
    return (
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        className={buttonClass}
        onClick={() => setDrawn(true)}
      >
        <MoreHorizontal className="h-5 w-5" aria-hidden="true" />
      </button>
    );
  return <Menu meal={meal} label={label} className={buttonClass} />;
}

/** The menu, drawn open the first time (see the module comment). */
function Menu({
  meal,
  label,
  className,
}: {
  meal: Pick<Meal, "id" | "title" | "owner">;
  label: string;
  className: string;
}) {
  const { t } = useTranslation("app");
  const hide = useHide();
  const hideNow = (change: Omit<HideChange, "hidden">, said: string) =>
    hide.mutate(
      { ...change, hidden: true },
      {
        onSuccess: () =>
          toast({
            title: said,
            description: t("You can undo this later in Settings → Hidden from your lists."),
            action: {
              label: t("Undo"),
              altText: t("Undo"),
              onClick: () => hide.mutate({ ...change, hidden: false }),
            },
          }),
      },
    );

  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger aria-label={label} className={className}>
        <MoreHorizontal className="h-5 w-5" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem
          onSelect={() => hideNow({ kind: "meals", id: meal.id }, t("This meal is hidden from your lists."))}
        >
          {t("Not interested in this meal")}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() =>
            hideNow(
              { kind: "cooks", id: meal.owner.id },
              t("{{name}}'s meals are hidden from your lists.", { name: meal.owner.firstName }),
            )
          }
        >
          {t("Hide meals from {{name}}", { name: meal.owner.firstName })}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
