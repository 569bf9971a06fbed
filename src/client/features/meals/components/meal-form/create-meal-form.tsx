/**
 * Create New Meal (spec §2, §5): every rule with its message, the contract's checks in the browser
 * and the server's field errors under their fields; success toast, then /profile.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { FormField } from "@/client/components/form-field";
import { Button } from "@/client/components/ui/button";
import { fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/use-toast";
import { useCurrentUser } from "@/client/features/auth";
import { offerPush } from "@/client/features/notifications";
import { MealPhotoField } from "@/client/features/photos";
import { deployment } from "@/client/lib/deployment";
import { useFormat } from "@/client/lib/format";
import { applyServerErrors } from "@/client/lib/forms";
import { useCreateMeal } from "../../api/create-meal";
import { useMeal } from "../../api/get-meal";
import {
  crossFieldErrors,
  formFieldOf,
  localInput,
  type MealFormValues,
  mealFormSchema,
  parsePrice,
  sharedAgain,
  toCreateMeal,
} from "../../meal-form-schema";
import { AllergenFields } from "./allergen-fields";
import { FoodDetailsFields } from "./food-details-fields";
import { KindAndPriceFields } from "./kind-and-price-fields";
import { PickupFields } from "./pickup-fields";
import { WeeklyFields } from "./weekly-fields";

export function CreateMealForm() {
  const { t } = useTranslation("app");
  const f = useFormat();
  const { currency } = deployment();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const createMeal = useCreateMeal();
  const { user } = useCurrentUser();
  const now = new Date();
  const form = useForm<MealFormValues>({
    resolver: zodResolver(mealFormSchema),
    defaultValues: {
      title: "",
      description: "",
      kind: search.get("kind") === "paid" ? "paid" : "free",
      price: "",
      portionSize: 1,
      allergenCodes: [],
      noMajorAllergens: false,
      allergensOther: "",
      dietTags: [],
      preparedAt: "",
      storage: "",
      reheating: "",
      ingredients: "",
      pickupLocation: "",
      pickupDetails: "",
      pickupWindowStart: localInput(new Date(now.getTime() + 30 * 60_000)),
      pickupWindowEnd: localInput(new Date(now.getTime() + 150 * 60_000)),
      deliveryAvailable: false,
      // The cook's home area, until they move the pin (docs/features/neighbourhood.md point 3).
      latitude: user?.homeArea?.latitude ?? null,
      longitude: user?.homeArea?.longitude ?? null,
      weekly: false,
      weeks: 4,
    },
  });
  // Share again (docs/features/households.md point 3): a past meal fills the form, once loaded.
  const fromId = search.get("from");
  const from = useMeal(fromId ?? "", { enabled: Boolean(fromId) });
  const [prefilled, setPrefilled] = useState(false);
  useEffect(() => {
    if (!from.data || prefilled) return;
    const price =
      from.data.priceCents == null ? "" : f.number(from.data.priceCents / 100, { minimumFractionDigits: 2 });
    form.reset({ ...form.getValues(), ...sharedAgain(from.data, price) });
    setPhotoPath(from.data.photoPath);
    setPrefilled(true);
  }, [from.data, prefilled, form, f]);
  const { register, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const field = (name: keyof MealFormValues) => fieldAria(name, errors[name]?.message);
  const [photoPath, setPhotoPath] = useState<string | null>(null);
  const isCook = user?.isCook ?? false;

  const onSubmit = handleSubmit((values) => {
    // The amount as this language writes it ("7,50" in German).
    if (
      values.kind === "paid" &&
      values.price.trim() &&
      parsePrice(values.price, f.language, currency) === null
    ) {
      const example = f.number(7.5, { minimumFractionDigits: 2 });
      setError("price", { message: t("Enter the price as a number, such as {{example}}", { example }) });
      return;
    }
    const meal = { ...toCreateMeal(values, f.language, currency), photoPath };
    const invalid = Object.entries(crossFieldErrors(meal));
    if (invalid.length > 0) {
      for (const [name, message] of invalid) setError(name as FieldPath<MealFormValues>, { message });
      return;
    }
    createMeal.mutate(meal, {
      onSuccess: () => {
        toast({
          title: t("Meal created!"),
          description: t("Your meal has been successfully created and is now live."),
        });
        // Requests for it are worth hearing about outside the app.
        offerPush();
        navigate("/profile");
      },
      // The API names its own fields (e.g. priceCents); each goes under the form field it came from.
      onError: (error) => applyServerErrors(setError, error, formFieldOf),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5">
      <MealPhotoField value={photoPath} onChange={setPhotoPath} />
      <FormField id="title" label={t("Title")} error={errors.title?.message} className="gap-2">
        <Input {...field("title")} {...register("title")} placeholder={t("e.g. Vegetable lasagne")} />
      </FormField>
      <FormField
        id="description"
        label={t("Description")}
        error={errors.description?.message}
        className="gap-2"
      >
        <Textarea {...field("description")} {...register("description")} rows={3} />
      </FormField>
      <KindAndPriceFields form={form} />
      <FormField
        id="ingredients"
        label={t("Ingredients")}
        error={errors.ingredients?.message}
        className="gap-2"
      >
        <Textarea {...field("ingredients")} {...register("ingredients")} rows={2} />
      </FormField>
      <AllergenFields form={form} />
      <FoodDetailsFields form={form} />
      <PickupFields form={form} />
      {isCook && <WeeklyFields form={form} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline" type="button">
          <Link href="/">{t("Cancel")}</Link>
        </Button>
        <Button type="submit" disabled={createMeal.isPending}>
          {createMeal.isPending ? t("Creating...") : t("Create Meal")}
        </Button>
      </div>
    </form>
  );
}
