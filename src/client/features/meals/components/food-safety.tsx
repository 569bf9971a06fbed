/**
 * Food-safety pieces shared by forms and meal views: the allergen tags, the allergy warning, and
 * the food details with their guidance.
 */
import { AlertTriangle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFormat } from "@/client/lib/format";
import { type Say, useMessages } from "@/client/lib/messages";
import { cn } from "@/client/lib/utils";
import {
  type AllergenCode,
  allergenName,
  REHEATING_GUIDANCE,
  STORAGE_GUIDANCE,
  type StorageType,
  sortAllergenCodes,
  splitOtherAllergens,
  storageName,
} from "@/contract/plain/food-safety";
import { allergenTags } from "@/contract/plain/meals";

/**
 * A meal's allergen tags in the reader's language: the declared codes by name, then the cook's
 * own words for others; a meal from before the codes shows its text as typed.
 */
export function useAllergenTags(meal: DeclaredTags) {
  return allergenDisplayTags(meal, useMessages());
}

type DeclaredTags = { allergens: string; allergenCodes: string[]; allergensOther: string };

/** `useAllergenTags` for a component that has its `say` already (hooks must not follow a return). */
export function allergenDisplayTags(meal: DeclaredTags, say: Say): string[] {
  if (meal.allergenCodes.length === 0 && !meal.allergensOther) return allergenTags(meal.allergens);
  return [
    ...sortAllergenCodes(meal.allergenCodes as AllergenCode[]).map((code) => say(allergenName(code))),
    ...splitOtherAllergens(meal.allergensOther),
  ];
}

/**
 * "Contains your allergen: Peanuts" (docs/features/food-safety.md point 2): a named warning with an icon
 * and a border, so it does not rest on colour alone. Nothing when the meal has none of the viewer's.
 */
export function AllergenWarning({ names, className }: { names: string[]; className?: string }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const say = useMessages();
  if (names.length === 0) return null;
  return (
    <p
      className={cn(
        "flex items-start gap-2 rounded-md border-2 border-red-700 bg-red-50 px-3 py-2 text-sm font-semibold text-red-900",
        className,
      )}
      data-testid="allergen-warning"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        {t("Contains your allergen: {{names}}", {
          count: names.length,
          names: f.list(names.map((name) => say(name))),
        })}
      </span>
    </p>
  );
}

/**
 * The detail page's food details (docs/features/food-safety.md point 3): when it was made, how it is
 * kept with the FSA's guidance for that storage, and the cook's reheating instructions with the
 * reheating rule.
 */
export function FoodDetails({
  meal,
}: {
  meal: { preparedAt: string | null; storage: StorageType | null; reheating: string | null };
}) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const say = useMessages();
  if (!meal.preparedAt && !meal.storage && !meal.reheating) return null;
  return (
    <div>
      <h2 className="font-semibold">{t("Food details")}</h2>
      <dl className="mt-1 grid gap-2 text-sm">
        {meal.preparedAt && (
          <div>
            <dt className="font-medium">{t("Prepared at")}</dt>
            <dd className="text-muted-foreground">
              {f.messageDay(meal.preparedAt)}, {f.time(meal.preparedAt)}
            </dd>
          </div>
        )}
        {meal.storage && (
          <div>
            <dt className="font-medium">{t("Storage")}</dt>
            <dd className="text-muted-foreground">
              {say(storageName(meal.storage))}. {say(STORAGE_GUIDANCE[meal.storage])}
            </dd>
          </div>
        )}
        {meal.reheating && (
          <div>
            <dt className="font-medium">{t("Reheating instructions")}</dt>
            <dd className="whitespace-pre-line text-muted-foreground">{meal.reheating}</dd>
          </div>
        )}
      </dl>
      {meal.storage !== "ambient" && (
        <p className="mt-2 text-xs text-muted-foreground">
          {say(REHEATING_GUIDANCE)} {t("Guidance from the UK Food Standards Agency.")}
        </p>
      )}
    </div>
  );
}
