/**
 * Food-safety pieces shared by forms and meal views (issue 13): a labelled checkbox group for the
 * allergen and diet codes, the allergy warning, and the food details with their guidance.
 */
import { AlertTriangle } from "lucide-react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FieldError } from "@/client/components/ui/field-error";
import { formatMessageDay, formatTime } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import {
  joinNames,
  REHEATING_GUIDANCE,
  STORAGE_GUIDANCE,
  type StorageType,
  storageName,
} from "@/contract/food-safety";

/**
 * A fieldset of checkboxes, one per code, registered as one array field of react-hook-form.
 * @param idPrefix keeps ids unique when the group appears twice on a page
 */
export function CheckboxGroup({
  legend,
  options,
  registration,
  error,
  errorId,
  hint,
  idPrefix = "",
}: {
  legend: string;
  options: readonly { code: string; name: string }[];
  registration: UseFormRegisterReturn;
  error?: string;
  errorId: string;
  hint?: string;
  idPrefix?: string;
}) {
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${errorId}-error` : undefined}
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.code}
            className="flex items-center gap-2 text-sm"
            htmlFor={`${idPrefix}${option.code}`}
          >
            <input
              id={`${idPrefix}${option.code}`}
              type="checkbox"
              value={option.code}
              className="h-4 w-4 accent-green-700"
              {...registration}
            />
            {option.name}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/**
 * "Contains your allergen: Peanuts" (issue 13 point 2): a named warning with an icon and a
 * border, so it does not rest on colour alone. Nothing when the meal has none of the viewer's.
 */
export function AllergenWarning({ names, className }: { names: string[]; className?: string }) {
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
        {names.length === 1 ? "Contains your allergen" : "Contains your allergens"}: {joinNames(names)}
      </span>
    </p>
  );
}

/**
 * The detail page's food details (issue 13 point 3): when it was made, how it is kept with the
 * FSA's guidance for that storage, and the cook's reheating instructions with the reheating rule.
 */
export function FoodDetails({
  meal,
}: {
  meal: { preparedAt: string | null; storage: StorageType | null; reheating: string | null };
}) {
  const { t } = useTranslation("common");
  if (!meal.preparedAt && !meal.storage && !meal.reheating) return null;
  return (
    <div>
      <h2 className="font-semibold">{t("Food details")}</h2>
      <dl className="mt-1 grid gap-2 text-sm">
        {meal.preparedAt && (
          <div>
            <dt className="font-medium">{t("Prepared at")}</dt>
            <dd className="text-muted-foreground">
              {formatMessageDay(meal.preparedAt)}, {formatTime(meal.preparedAt)}
            </dd>
          </div>
        )}
        {meal.storage && (
          <div>
            <dt className="font-medium">{t("Storage")}</dt>
            <dd className="text-muted-foreground">
              {storageName(meal.storage)}. {STORAGE_GUIDANCE[meal.storage]}
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
          {REHEATING_GUIDANCE} Guidance from the UK Food Standards Agency.
        </p>
      )}
    </div>
  );
}
