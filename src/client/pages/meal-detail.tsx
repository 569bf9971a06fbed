/** Meal detail (spec §2 "Meal detail"). */
import { Clock, MapPin, Truck, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { isNotFound, QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Avatar, AvatarFallback, AvatarImage } from "@/client/components/ui/avatar";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { useCurrentUser } from "@/client/features/auth/api/get-current-user";
import { useMeal } from "@/client/features/meals/api/get-meal";
import { useToggleMealActive } from "@/client/features/meals/api/update-meal";
import {
  AllergenWarning,
  allergenDisplayTags,
  FoodDetails,
} from "@/client/features/meals/components/food-safety";
import { MealPhoto } from "@/client/features/meals/components/meal-photo";
import { RequestMealForm } from "@/client/features/meals/components/request-meal-form";
import { StarRating } from "@/client/features/meals/components/star-rating";
import { ReportButton } from "@/client/features/reports/components/report-button";
import { initials, useFormat } from "@/client/lib/format";
import { useMessages } from "@/client/lib/messages";
import { type DietTag, dietTagName, matchingAllergens } from "@/contract/food-safety";
import type { Meal } from "@/contract/meals";
import { thumbnailOf } from "@/contract/photos";

export default function MealDetailPage() {
  const { t } = useTranslation("app");
  const f = useFormat();
  const say = useMessages();
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

  const tags = allergenDisplayTags(meal, say);
  const warnings = isOwnerOf(user, meal) ? [] : matchingAllergens(meal, user);
  const isOwner = user?.id === meal.owner.id;
  const ownerName = `${meal.owner.firstName} ${meal.owner.lastName}`.trim();

  return (
    <article className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-2">
      <div className="relative overflow-hidden rounded-xl">
        <MealPhoto meal={meal} eager sizes="(min-width: 1024px) 50vw, 100vw" />
        <div className="absolute left-3 top-3 flex gap-1">
          {meal.kind === "free" ? (
            <Badge className="bg-green-700">{t("FREE")}</Badge>
          ) : (
            <Badge className="bg-amber-700">{f.price(meal.priceCents ?? 0)}</Badge>
          )}
          {meal.deliveryAvailable && <Badge variant="secondary">{t("Delivery")}</Badge>}
          {!meal.isActive && <Badge variant="destructive">{t("Inactive")}</Badge>}
        </div>
        {!isOwner && (
          <ReportButton
            targetType="meal"
            targetId={meal.id}
            label={t("Report this meal")}
            variant="secondary"
            size="icon"
            className="absolute right-3 top-3 rounded-full bg-white/90 hover:bg-white"
          />
        )}
      </div>

      <div className="flex flex-col gap-5">
        <div>
          <h1 className="text-3xl font-bold">{meal.title}</h1>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <Users className="h-4 w-4" aria-hidden="true" />{" "}
              {t("{{count}} portion available", { count: meal.portionsLeft })}
            </span>
            <span className="inline-flex items-center gap-1">
              <Clock className="h-4 w-4" aria-hidden="true" /> {f.day(meal.pickupWindowStart)},{" "}
              {f.window(meal.pickupWindowStart, meal.pickupWindowEnd)}
            </span>
          </div>
          <StarRating rating={meal.ownerRating} className="mt-2" />
          <AllergenWarning names={warnings} className="mt-3" />
        </div>

        <div className="flex items-center gap-3 rounded-xl border bg-card p-4">
          <Avatar>
            {meal.owner.profileImageUrl && (
              <AvatarImage src={thumbnailOf(meal.owner.profileImageUrl)} alt="" />
            )}
            <AvatarFallback>{initials(meal.owner)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0 flex-1">
            <Link href={`/user/${meal.owner.id}`} className="font-semibold hover:underline">
              {ownerName || t("A neighbour")}
            </Link>
            {meal.owner.isCook && <p className="text-sm text-green-700">{t("Registered Cook")}</p>}
            {meal.ownerReviewCount > 0 && (
              <StarRating rating={meal.ownerRating} count={meal.ownerReviewCount} />
            )}
          </div>
          {!isOwner && (
            <ReportButton
              targetType="user"
              targetId={meal.owner.id}
              label={t("Report this cook")}
              variant="ghost"
              size="sm"
              className="text-muted-foreground"
            >
              {t("Report")}
            </ReportButton>
          )}
        </div>

        <section className="space-y-4">
          <div>
            <h2 className="font-semibold">{t("Description")}</h2>
            <p className="whitespace-pre-line text-muted-foreground">{meal.description}</p>
          </div>
          <div>
            <h2 className="font-semibold">{t("Ingredients")}</h2>
            <p className="whitespace-pre-line text-muted-foreground">{meal.ingredients}</p>
          </div>
          <div>
            <h2 className="font-semibold">{t("Allergens")}</h2>
            {tags.length > 0 ? (
              <ul className="mt-1 flex flex-wrap gap-1">
                {tags.map((tag) => (
                  <li key={tag}>
                    <Badge variant="outline" className="border-orange-300 text-orange-800">
                      {tag}
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : meal.noMajorAllergens ? null : (
              <p className="text-muted-foreground">
                {t("None listed. Ask the cook if you have an allergy.")}
              </p>
            )}
            {meal.noMajorAllergens && (
              <p className="mt-1 text-muted-foreground">
                {tags.length > 0
                  ? t("The cook declares it contains none of the 14 major allergens other than those listed.")
                  : t("The cook declares it contains none of the 14 major allergens.")}
              </p>
            )}
          </div>
          {meal.dietTags.length > 0 && (
            <div>
              <h2 className="font-semibold">{t("Diet")}</h2>
              <ul className="mt-1 flex flex-wrap gap-1">
                {meal.dietTags.map((tag) => (
                  <li key={tag}>
                    <Badge variant="secondary">{say(dietTagName(tag as DietTag))}</Badge>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <FoodDetails meal={meal} />
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <h2 className="font-semibold">{t("Pickup location")}</h2>
              <p className="inline-flex items-center gap-1 text-muted-foreground">
                <MapPin className="h-4 w-4" aria-hidden="true" /> {meal.pickupLocation}
              </p>
            </div>
            <div>
              <h2 className="font-semibold">{t("Pickup time")}</h2>
              <p className="text-muted-foreground">
                {f.day(meal.pickupWindowStart)}, {f.window(meal.pickupWindowStart, meal.pickupWindowEnd)}
              </p>
            </div>
          </div>
          <div>
            <h2 className="font-semibold">{t("Delivery")}</h2>
            <p className="inline-flex items-center gap-1 text-muted-foreground">
              <Truck className="h-4 w-4" aria-hidden="true" />
              {meal.deliveryAvailable
                ? t("The cook can deliver nearby. Arrange it in the thread.")
                : t("Pickup only.")}
            </p>
          </div>
        </section>

        {user?.isAdmin && !isOwner && <AdminMealControls meal={meal} />}

        {isOwner ? (
          <p className="rounded-xl border bg-muted p-4 text-center font-medium">{t("This is your meal")}</p>
        ) : (
          <RequestMealForm meal={meal} allergenWarnings={warnings} />
        )}
      </div>
    </article>
  );
}

const isOwnerOf = (user: { id: string } | null, meal: Meal) => user?.id === meal.owner.id;

/** An admin can take a reported meal down, or put it back (issue 5). */
function AdminMealControls({ meal }: { meal: Meal }) {
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
