/**
 * Meal detail (spec §2 "Meal detail"): the meal, its cook, what it holds, where it is picked up (to
 * about 100 m), and the request form.
 */
import { Clock, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { isNotFound, QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { useCurrentUser } from "@/client/features/auth";
import { AfterDraw, DrawPanel } from "@/client/features/draws";
import {
  AdminMealControls,
  AllergenWarning,
  GroupMark,
  MealCook,
  MealFacts,
  MealHero,
  MealPlace,
  NotInterestedMenu,
  PayAtPickup,
  SaveButton,
  SeriesPanel,
  useMeal,
} from "@/client/features/meals";
import { RequestMealForm } from "@/client/features/requests";
import { useDisplayName } from "@/client/lib/display-name";
import { useFormat } from "@/client/lib/format";
import type { MealDetail } from "@/contract/meals";
import { allergyWarningName } from "@/contract/plain/food-safety";

/** The meal's title with Save and Not interested, portions left, the pickup window, and warnings. */
function MealHeading({ meal, isOwner }: { meal: MealDetail; isOwner: boolean }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const displayName = useDisplayName();
  // Matched on the server by the rule "Hide allergens" uses too, so warned and hidden agree.
  const warnings = meal.allergyWarnings.map(allergyWarningName);
  return (
    <div>
      <div className="flex items-start justify-between gap-3">
        <h1 className="text-3xl font-bold" dir="auto">
          {meal.title}
        </h1>
        {!isOwner && (
          <span className="flex shrink-0 items-center gap-1">
            <SaveButton mealId={meal.id} title={meal.title} className="border" />
            <NotInterestedMenu meal={meal} />
          </span>
        )}
      </div>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <Users className="h-4 w-4" aria-hidden="true" />{" "}
          {meal.portionsLeft > 0
            ? t("{{count}} portion available", { count: meal.portionsLeft })
            : t("Fully reserved")}
        </span>
        <span className="inline-flex items-center gap-1">
          <Clock className="h-4 w-4" aria-hidden="true" /> {f.day(meal.pickupWindowStart)},{" "}
          {f.window(meal.pickupWindowStart, meal.pickupWindowEnd)}
        </span>
      </div>
      {/* The request form says it beside its button, times the portions; a draw's form comes later. */}
      {!isOwner && meal.allocation === "draw" && (
        <PayAtPickup meal={meal} cookName={displayName(meal.owner)} className="mt-2" />
      )}
      <div className="mt-2">
        <GroupMark meal={meal} />
      </div>
      <AllergenWarning names={warnings} className="mt-3" />
    </div>
  );
}

/** The cook's own meal: edit it and print its label as its abilities allow, share it again once past. */
function OwnerActions({ meal }: { meal: MealDetail }) {
  const { t } = useTranslation("app");
  return (
    <>
      <p className="rounded-xl border bg-muted p-4 text-center font-medium">{t("This is your meal")}</p>
      {meal.abilities.edit.allowed && (
        <Button asChild>
          <Link href={`/meal/${meal.id}/edit`}>{t("Edit meal")}</Link>
        </Button>
      )}
      {meal.abilities.printLabel.allowed && (
        <Button asChild variant="outline">
          <Link href={`/meal/${meal.id}/label`}>{t("Print label")}</Link>
        </Button>
      )}
      {meal.isExpired && (
        <Button asChild variant="outline">
          <Link href={`/meals/new?from=${meal.id}`}>{t("Share again")}</Link>
        </Button>
      )}
    </>
  );
}

export default function MealDetailPage() {
  const { t } = useTranslation("app");
  const { id } = useParams<{ id: string }>();
  const { data: meal, isLoading, error, refetch, isRefetching } = useMeal(id);
  const { user } = useCurrentUser();

  if (isLoading) return <Spinner className="py-24" label={t("Loading meal")} />;
  if (error && !isNotFound(error)) {
    return (
      <QueryError
        title={t("Could not load this meal")}
        error={error}
        onRetry={() => refetch()}
        retrying={isRefetching}
      />
    );
  }
  if (!meal || error) {
    return (
      <EmptyState title={t("Meal not found")} text={t("The meal you're looking for doesn't exist.")}>
        <Button asChild>
          <Link href="/community">{t("Browse Meals")}</Link>
        </Button>
      </EmptyState>
    );
  }

  const isOwner = user?.id === meal.owner.id;
  const warnings = meal.allergyWarnings.map(allergyWarningName);
  return (
    <article className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-2">
      <MealHero meal={meal} isOwner={isOwner} />
      <div className="flex flex-col gap-5">
        <MealHeading meal={meal} isOwner={isOwner} />
        <MealCook meal={meal} isOwner={isOwner} />
        <MealFacts meal={meal} />
        <MealPlace meal={meal} />
        <SeriesPanel meal={meal} isOwner={isOwner} />
        {user?.isAdmin && !isOwner && <AdminMealControls meal={meal} />}
        {meal.allocation === "draw" && <DrawPanel meal={meal} isOwner={isOwner} />}
        {isOwner ? (
          <OwnerActions meal={meal} />
        ) : meal.allocation === "draw" ? (
          <AfterDraw mealId={meal.id}>
            <RequestMealForm meal={meal} allergenWarnings={warnings} />
          </AfterDraw>
        ) : (
          <RequestMealForm meal={meal} allergenWarnings={warnings} />
        )}
      </div>
    </article>
  );
}
