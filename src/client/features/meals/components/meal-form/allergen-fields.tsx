/**
 * The meal form's allergens (the 14 of EU 1169/2011 Annex II, or "Contains none of the 14"),
 * other allergens in the cook's words, and diet tags.
 */
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CheckboxGroup } from "@/client/components/checkbox-group";
import { FormField } from "@/client/components/form-field";
import { FieldError, fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { ALLERGENS, DIET_TAGS } from "@/contract/plain/food-safety";
import type { MealFormValues } from "../../meal-form-schema";

export function AllergenFields({ form }: { form: UseFormReturn<MealFormValues> }) {
  const { t } = useTranslation("app");
  const { register, setValue, formState } = form;
  const errors = formState.errors;
  const field = (name: keyof MealFormValues) => fieldAria(name, errors[name]?.message);
  return (
    <>
      <div className="flex flex-col gap-3 rounded-lg border p-4">
        <CheckboxGroup
          legend={t("Allergens")}
          hint={t("Tick every one of the 14 major allergens this meal contains.")}
          options={ALLERGENS}
          registration={register("allergenCodes", {
            onChange: () => setValue("noMajorAllergens", false),
          })}
          error={errors.allergenCodes?.message}
          errorId="allergenCodes"
          idPrefix="allergen-"
        />
        <label className="flex items-center gap-2 text-sm font-medium" htmlFor="noMajorAllergens">
          <input
            id="noMajorAllergens"
            type="checkbox"
            className="h-4 w-4 accent-green-700"
            {...register("noMajorAllergens", {
              onChange: (event) => event.target.checked && setValue("allergenCodes", []),
            })}
          />
          {t("Contains none of the 14")}
        </label>
        <FieldError id="noMajorAllergens" message={errors.noMajorAllergens?.message} />
        <FormField
          id="allergensOther"
          label={t("Other allergens")}
          error={errors.allergensOther?.message}
          className="gap-2"
        >
          <Input
            {...field("allergensOther")}
            {...register("allergensOther")}
            placeholder={t("e.g. coriander, kiwi (comma-separated)")}
          />
        </FormField>
      </div>
      <CheckboxGroup
        legend={t("Diet")}
        options={DIET_TAGS}
        registration={register("dietTags")}
        error={errors.dietTags?.message}
        errorId="dietTags"
        idPrefix="diet-"
      />
    </>
  );
}
