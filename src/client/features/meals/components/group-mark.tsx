/**
 * A meal's group, as cards, the map's sheet and the meal page show it (docs/features/groups.md point 3):
 * "Only for Elm Street 12" while only the group's members see it, with when it opens to everyone when
 * it will; "Shared with Elm Street 12" once everyone sees it. Nothing for a meal without a group.
 */
import { UsersRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useFormat } from "@/client/lib/format";
import type { Meal } from "@/contract/meals";

export function GroupMark({ meal }: { meal: Pick<Meal, "group" | "membersOnly" | "opensAt"> }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  if (!meal.group) return null;
  return (
    <p className="inline-flex flex-wrap items-center gap-1 text-sm text-violet-800" data-testid="group-mark">
      <UsersRound className="h-4 w-4" aria-hidden="true" />
      <Link
        href={`/groups/${meal.group.id}`}
        className="relative z-10 font-medium underline-offset-2 hover:underline"
      >
        {meal.membersOnly
          ? t("Only for {{group}}", { group: meal.group.name })
          : t("Shared with {{group}}", { group: meal.group.name })}
      </Link>
      {meal.membersOnly && meal.opensAt && (
        <span className="text-muted-foreground">
          · {t("everyone from {{time}}", { time: f.dateTime(meal.opensAt) })}
        </span>
      )}
    </p>
  );
}
