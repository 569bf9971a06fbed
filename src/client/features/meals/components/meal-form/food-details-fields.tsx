/** The meal form's food details: when it was prepared, how it is kept, how to reheat it. */
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "@/client/components/form-field";
import { fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { useMessages } from "@/client/lib/messages";
import { STORAGE_TYPES } from "@/contract/plain/food-safety";
import { localInput, type MealFormValues } from "../../meal-form-schema";

export function FoodDetailsFields({ form }: { form: UseFormReturn<MealFormValues> }) {
  const { t } = useTranslation("app");
  const say = useMessages();
  const { register, formState } = form;
  const errors = formState.errors;
  const field = (name: keyof MealFormValues) => fieldAria(name, errors[name]?.message);
  const now = new Date();
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">{t("Food details")}</legend>
      <FormField
        id="preparedAt"
        label={t("Prepared at")}
        error={errors.preparedAt?.message}
        className="gap-2"
      >
        <Input
          {...field("preparedAt")}
          {...register("preparedAt")}
          type="datetime-local"
          max={localInput(now)}
        />
      </FormField>
      <FormField id="storage" label={t("Storage")} error={errors.storage?.message} className="gap-2">
        <select
          {...field("storage")}
          {...register("storage")}
          className="h-10 rounded-md border border-input bg-background px-3 text-sm"
        >
          <option value="">{t("Choose how it is kept")}</option>
          {STORAGE_TYPES.map((type) => (
            <option key={type.code} value={type.code}>
              {say(type.name)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id="reheating"
        label={t("Reheating instructions (optional)")}
        error={errors.reheating?.message}
        className="gap-2"
      >
        <Textarea
          {...field("reheating")}
          {...register("reheating")}
          rows={2}
          placeholder={t("e.g. Microwave for 3 minutes until steaming hot")}
        />
      </FormField>
    </fieldset>
  );
}
