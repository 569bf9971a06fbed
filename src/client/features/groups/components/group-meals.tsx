/**
 * A group's meals on its page (docs/features/groups.md point 4): its open meals as cards, newest first,
 * a page at a time; its moderators take a meal out of the group with a reason its cook is told.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { LoadMore } from "@/client/components/layout/load-more";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { ReasonDialog } from "@/client/components/reason-dialog";
import { Button } from "@/client/components/ui/button";
import { MealCard } from "@/client/features/meals";
import type { GroupDetail } from "@/contract/groups";
import { useGroupMeals, useTakeMealOut } from "../api/groups";

/** A moderator takes meal `mealId` out of the group, with a reason its cook is told; open while set. */
function TakeOutDialog({
  groupId,
  mealId,
  onClose,
}: {
  groupId: string;
  mealId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("app");
  const takeOut = useTakeMealOut(groupId);
  return (
    <ReasonDialog
      open={mealId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("Take the meal out of the group")}
      label={t("Why? The cook will be told. A members-only meal is switched off.")}
      submitLabel={t("Take out")}
      destructive
      onSubmit={(reason) => {
        if (mealId) takeOut.mutate({ mealId, reason });
      }}
    />
  );
}

/** The group's open meals, a page at a time, with "Take out of the group" for its moderators. */
export function GroupMeals({ group }: { group: GroupDetail }) {
  const { t } = useTranslation("app");
  const meals = useGroupMeals(group.id, true);
  const [taking, setTaking] = useState<string | null>(null);
  const canShare = Boolean(group.membership?.rulesAccepted);

  if (meals.isLoading) return <Spinner label={t("Loading meals")} />;
  if (meals.isError && meals.items.length === 0) {
    return (
      <QueryError
        title={t("Could not load meals")}
        error={meals.error}
        onRetry={() => meals.refetch()}
        retrying={meals.isRefetching}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {canShare && (
        <Button asChild className="self-start">
          <Link href={`/meals/new?group=${group.id}`}>{t("Share a meal with the group")}</Link>
        </Button>
      )}
      {meals.items.length === 0 ? (
        <EmptyState
          title={t("No meals in this group right now")}
          text={
            group.membership
              ? t("Meals shared with the group show here.")
              : t("Meals for the group's members only show here once you are one of them.")
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("The group's meals")}>
          {meals.items.map((meal) => (
            <li key={meal.id} className="flex flex-col gap-2">
              <MealCard meal={meal} />
              {group.abilities.moderate.allowed && (
                <Button size="sm" variant="outline" onClick={() => setTaking(meal.id)}>
                  {t("Take out of the group")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={meals} errorTitle={t("Could not load more meals")} />
      <TakeOutDialog groupId={group.id} mealId={taking} onClose={() => setTaking(null)} />
    </div>
  );
}
