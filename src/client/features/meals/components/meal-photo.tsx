import {
  Apple,
  CakeSlice,
  CookingPot,
  Croissant,
  Drumstick,
  Egg,
  Fish,
  Pizza,
  Salad,
  Sandwich,
  Soup,
  UtensilsCrossed,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/client/lib/utils";
import type { Meal } from "@/contract/meals";
import { PHOTO_SIZES, photoSrcSet, thumbnailOf } from "@/contract/plain/photos";
import { type DishIcon, placeholderFor } from "../placeholder";

const ICONS: Record<DishIcon, typeof Soup> = {
  Apple,
  CakeSlice,
  CookingPot,
  Croissant,
  Drumstick,
  Egg,
  Fish,
  Pizza,
  Salad,
  Sandwich,
  Soup,
  UtensilsCrossed,
};

/**
 * The meal's photo, or the placeholder when it has none (spec §9): an icon for the kind of dish on
 * a colour of its own (features/meals/placeholder.ts). Stored photos come in 400, 800 and 1600 px;
 * `srcset` lets the browser take the one its slot needs (a phone's card: 800).
 */
export function MealPhoto({
  meal,
  className,
  eager,
  first,
  sizes = PHOTO_SIZES.card,
}: {
  meal: Pick<Meal, "photoPath" | "title">;
  className?: string;
  /** On the first screen: fetched at once, not when laid out near the viewport. */
  eager?: boolean;
  /** The page's largest picture (its first card, a meal's hero): fetched before other images. */
  first?: boolean;
  sizes?: string;
}) {
  const { t } = useTranslation("app");
  const photo = meal.photoPath;
  if (!photo) {
    const { icon, background, foreground } = placeholderFor(meal.title);
    const Icon = ICONS[icon];
    return (
      <div
        role="img"
        aria-label={t("No photo of {{title}}", { title: meal.title })}
        data-placeholder={icon}
        style={{ backgroundColor: background, color: foreground }}
        className={cn("flex aspect-[4/3] w-full items-center justify-center", className)}
      >
        <Icon className="h-1/3 w-1/3" strokeWidth={1.5} aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={thumbnailOf(photo)}
      srcSet={photoSrcSet(photo)}
      sizes={sizes}
      alt={meal.title}
      loading={eager || first ? "eager" : "lazy"}
      fetchPriority={first ? "high" : "auto"}
      decoding="async"
      width={400}
      height={300}
      className={cn("aspect-[4/3] w-full bg-muted object-cover", className)}
    />
  );
}
