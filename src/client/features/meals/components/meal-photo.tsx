import { cn } from "@/client/lib/utils";
import type { Meal } from "@/contract/meals";
import { thumbnailOf } from "@/contract/photos";

/** How wide a card's photo is at each breakpoint (the grid of spec §2: 1/2/3/4 columns). */
const CARD_SIZES = "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/**
 * The meal's photo, or the placeholder when it has none (spec §9). Stored photos come in a 400 px
 * thumbnail and a 1600 px version; `srcset` lets the browser take the one its slot needs.
 */
export function MealPhoto({
  meal,
  className,
  eager,
  sizes = CARD_SIZES,
}: {
  meal: Pick<Meal, "photoPath" | "title">;
  className?: string;
  eager?: boolean;
  sizes?: string;
}) {
  const photo = meal.photoPath;
  return (
    <img
      src={photo ? thumbnailOf(photo) : "/meal-placeholder.svg"}
      srcSet={photo ? `${thumbnailOf(photo)} 400w, ${photo} 1600w` : undefined}
      sizes={photo ? sizes : undefined}
      alt={photo ? meal.title : `No photo of ${meal.title}`}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      width={400}
      height={300}
      className={cn("aspect-[4/3] w-full bg-muted object-cover", className)}
    />
  );
}
