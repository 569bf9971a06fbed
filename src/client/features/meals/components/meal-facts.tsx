/**
 * What the meal page says about the food (spec §2 "Meal detail"): description, ingredients,
 * allergens (codes by name, the cook's own words, or the declaration of none), diet, food details
 * with their guidance, pickup place and time, and delivery.
 */
import { MapPin, Truck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/client/components/ui/badge";
import { useFormat } from "@/client/lib/format";
import { useMessages } from "@/client/lib/messages";
import type { Meal } from "@/contract/meals";
import { type DietTag, dietTagName } from "@/contract/plain/food-safety";
import { allergenDisplayTags, FoodDetails } from "./food-safety";

export function MealFacts({ meal }: { meal: Meal }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const say = useMessages();
  const tags = allergenDisplayTags(meal, say);
  return (
    <section className="space-y-4">
      <div>
        <h2 className="font-semibold">{t("Description")}</h2>
        <p className="whitespace-pre-line text-muted-foreground" dir="auto">
          {meal.description}
        </p>
      </div>
      <div>
        <h2 className="font-semibold">{t("Ingredients")}</h2>
        <p className="whitespace-pre-line text-muted-foreground" dir="auto">
          {meal.ingredients}
        </p>
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
          <p className="text-muted-foreground">{t("None listed. Ask the cook if you have an allergy.")}</p>
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
  );
}
