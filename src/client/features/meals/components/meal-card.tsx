/**
 * The meal card of spec §2 "Meal card". The distance shows only when it is real (docs/DESIGN.md §4), in
 * km, from the list's centre, this device's shared position, or the member's home area. Portions are those left (in the spec's words, 'N portion(s)') and the window has its day, as on
 * the detail page (docs/features/everyday-journey.md: a card must not promise more than the meal has,
 * nor hide that pickup is tomorrow). Long words and URLs wrap, and the card fills its grid cell, so a
 * row of cards lines up at any width. A meal holding one of the viewer's allergens says so by name
 * (docs/features/food-safety.md).
 */

import { BadgeCheck, Banknote, Clock, MapPin, Truck, Users } from "lucide-react";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { StarRating } from "@/client/components/star-rating";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { useCurrentUser } from "@/client/features/auth";
import { useDisplayName } from "@/client/lib/display-name";
import { useFormat } from "@/client/lib/format";
import { distanceKm, formatDistance, useViewerPosition } from "@/client/lib/geo";
import { useMessages } from "@/client/lib/messages";
import { cn } from "@/client/lib/utils";
import type { Meal } from "@/contract/meals";
import { allergyWarningName, type DietTag, dietTagName } from "@/contract/plain/food-safety";
import { AllergenWarning, useAllergenTags } from "./food-safety";
import { GroupMark } from "./group-mark";
import { MealPhoto } from "./meal-photo";
import { NotInterestedMenu } from "./not-interested-menu";
import { SaveButton } from "./save-button";

const MAX_ALLERGEN_TAGS = 2;
/** Cards in the grid's first row at its widest (spec §2: four columns). */
const FIRST_ROW = 4;

/** The card's photo with the heart and its price and delivery badges. */
function CardPhoto({ meal, own, position }: { meal: Meal; own: boolean; position: number }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  return (
    <div className="relative">
      <MealPhoto meal={meal} eager={position < FIRST_ROW} first={position === 0} />
      {!own && <SaveButton mealId={meal.id} title={meal.title} className="absolute end-2 top-2" />}
      <div className="absolute start-2 top-2 flex gap-1">
        {meal.kind === "free" ? (
          <Badge className="bg-green-700">{t("FREE")}</Badge>
        ) : (
          <Badge className="bg-amber-700">{f.price(meal.priceCents ?? 0)}</Badge>
        )}
        {meal.deliveryAvailable && (
          <Badge variant="secondary" className="gap-1">
            <Truck className="h-3 w-3" aria-hidden="true" /> {t("Delivery")}
          </Badge>
        )}
      </div>
    </div>
  );
}

/**
 * How far the meal is, in km: the server's distance on local lists; otherwise from the viewer's
 * shared position, else from their home area (docs/features/neighbourhood.md point 2). Null when
 * not known, or for the viewer's own meal.
 */
function useDistance(meal: Meal, own: boolean): string | null {
  const f = useFormat();
  const viewer = useViewerPosition();
  const { user } = useCurrentUser();
  const from = viewer ?? user?.homeArea ?? null;
  const km =
    meal.distanceKm ??
    (from && meal.latitude != null && meal.longitude != null
      ? distanceKm(from, { latitude: meal.latitude, longitude: meal.longitude })
      : null);
  return km === null || own ? null : formatDistance(km, f.locale);
}

/** Portions left, the pickup day and window, how a paid meal is paid, and the distance. */
function CardFacts({ meal, distance }: { meal: Meal; distance: string | null }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const full = meal.portionsLeft <= 0;
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <span className={cn("inline-flex items-center gap-1", full && "font-semibold text-foreground")}>
        <Users className="h-4 w-4" aria-hidden="true" />
        {full ? t("Fully reserved") : t("{{count}} portion", { count: meal.portionsLeft })}
      </span>
      <span className="inline-flex items-center gap-1">
        <Clock className="h-4 w-4" aria-hidden="true" />
        {f.day(meal.pickupWindowStart)}, {f.window(meal.pickupWindowStart, meal.pickupWindowEnd)}
      </span>
      {meal.kind === "paid" && (
        // How a paid meal is paid, on its card (docs/features/everyday-journey.md).
        <span className="inline-flex items-center gap-1" data-testid="pay-at-pickup">
          <Banknote className="h-4 w-4" aria-hidden="true" />
          {meal.paymentWays === "card"
            ? t("Paid by card in the app")
            : meal.paymentWays === "both"
              ? t("Card in the app or cash at pickup")
              : t("Paid at pickup")}
        </span>
      )}
      {distance && (
        <span className="inline-flex items-center gap-1">
          <MapPin className="h-4 w-4" aria-hidden="true" />
          {distance}
        </span>
      )}
    </div>
  );
}

/** The first allergen tags (with how many more) and the diet tags. */
function CardTags({ meal }: { meal: Meal }) {
  const { t } = useTranslation("app");
  const say = useMessages();
  const tags = useAllergenTags(meal);
  return (
    <>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label={t("Allergens")}>
          {tags.slice(0, MAX_ALLERGEN_TAGS).map((tag) => (
            <li key={tag}>
              <Badge variant="outline" className="border-orange-300 text-orange-800">
                {tag}
              </Badge>
            </li>
          ))}
          {tags.length > MAX_ALLERGEN_TAGS && (
            <li>
              <Badge variant="outline">
                {t("+{{number}} more", { number: tags.length - MAX_ALLERGEN_TAGS })}
              </Badge>
            </li>
          )}
        </ul>
      )}
      {meal.dietTags.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label={t("Diet")}>
          {meal.dietTags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary">{say(dietTagName(tag as DietTag))}</Badge>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * A meal's card (spec §2 "Meal card"). Memoised: when a list draws its next page, the cards it drew
 * before (the same meal objects, which the query keeps) are not drawn again (docs/decisions/015
 * "Phones").
 * @param position its place in the list: the first row's photos load at once, the very first before
 *   any other image (the largest paint of a list page: docs/decisions/015)
 */
export const MealCard = memo(function MealCard({
  meal,
  position = Number.POSITIVE_INFINITY,
}: {
  meal: Meal;
  position?: number;
}) {
  const { t } = useTranslation("app");
  const displayName = useDisplayName();
  const warnings = meal.allergyWarnings.map(allergyWarningName);
  // The viewer's own meal is not one to ask for, save or hide, nor some distance from themselves
  // (docs/features/everyday-journey.md).
  const own = meal.yours === true;
  const distance = useDistance(meal, own);
  // A meal with nothing left says so, and offers its waiting list, not a Request that cannot be met;
  // to someone already in its line, their place.
  const full = meal.portionsLeft <= 0;
  const action = own
    ? t("Your meal")
    : meal.waitlistPosition
      ? t("Number {{position}} in line", { position: meal.waitlistPosition })
      : full
        ? t("Join the waiting list")
        : meal.kind === "free"
          ? t("Request")
          : t("Buy Now");

  return (
    <Card className="relative flex w-full min-w-0 flex-col overflow-hidden" data-testid="meal-card">
      <CardPhoto meal={meal} own={own} position={position} />
      <CardContent className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          {/* The rating is the cook's, over all their meals: said with their name and how many reviewed. */}
          {meal.ownerRating !== null && (
            <span className="inline-flex items-center gap-1 text-sm" data-testid="cook-rating">
              <span className="text-muted-foreground">{displayName(meal.owner)}</span>
              <StarRating rating={meal.ownerRating} count={meal.ownerReviewCount} />
            </span>
          )}
          {meal.owner.isCook && (
            <Badge variant="outline" className="gap-1 border-green-700 text-green-800">
              <BadgeCheck className="h-3 w-3" aria-hidden="true" /> {t("Registered Cook")}
            </Badge>
          )}
          {!own && <NotInterestedMenu meal={meal} className="-my-2 ms-auto" />}
        </div>
        <h3 className="text-lg font-semibold leading-tight">
          {/* The title's link covers the whole card (a "stretched link"), so a tap on the photo or
              anywhere that only wants to look opens the meal; one link for a keyboard or a screen
              reader. The card's own controls sit above it. */}
          <Link
            href={`/meal/${meal.id}`}
            className="hover:underline focus-visible:underline after:absolute after:inset-0 after:content-['']"
            dir="auto"
          >
            {meal.title}
          </Link>
        </h3>
        <GroupMark meal={meal} />
        <AllergenWarning names={warnings} />
        <p className="line-clamp-2 text-sm text-muted-foreground" dir="auto">
          {meal.description}
        </p>
        <CardFacts meal={meal} distance={distance} />
        <CardTags meal={meal} />
        <Button
          asChild
          className="relative z-10 mt-auto w-full"
          variant={full || own || meal.waitlistPosition ? "outline" : "default"}
        >
          <Link href={`/meal/${meal.id}`} aria-label={`${action}: ${meal.title}`}>
            {action}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
});
