/**
 * Create New Meal (spec §2, §5): every rule with its message, the contract's checks in the browser
 * and the server's field errors under their fields; success toast, then /profile. The same fields edit
 * a posted meal (`EditMealForm`, docs/features/everyday-journey.md): saved, its page.
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
import { NewcomerNote } from "@/client/features/trust";
import { deployment } from "@/client/lib/deployment";
import { useFormat } from "@/client/lib/format";
import { applyServerErrors } from "@/client/lib/forms";
import type { MealDetail } from "@/contract/meals";
import { useCreateMeal } from "../../api/create-meal";
import { useMeal } from "../../api/get-meal";
import { useUpdateMeal } from "../../api/update-meal";
import {
  crossFieldErrors,
  editValuesOf,
  formFieldOf,
  localInput,
  type MealFormValues,
  mealFormSchema,
  parsePrice,
  separatorsOf,
  sharedAgain,
  toCreateMeal,
} from "../../meal-form-schema";
import { AllergenFields } from "./allergen-fields";
import { AllocationFields } from "./allocation-fields";
import { AudienceFields } from "./audience-fields";
import { FoodDetailsFields } from "./food-details-fields";
import { KindAndPriceFields } from "./kind-and-price-fields";
import { PaymentWaysFields } from "./payment-ways-fields";
import { PickupFields } from "./pickup-fields";
import { WeeklyFields } from "./weekly-fields";

/**
 * The price check before sending: the amount as this language writes it ("7,50" in German); "8,50" in
 * English is asked about, never read as 850.
 * @returns whether the price can be sent (otherwise its field says why)
 */
function usePriceCheck() {
  const { t } = useTranslation("app");
  const f = useFormat();
  const { currency } = deployment();
  return (values: MealFormValues, setError: ReturnType<typeof useForm<MealFormValues>>["setError"]) => {
    const read =
      values.kind === "paid" && values.price.trim() ? parsePrice(values.price, f.locale, currency) : 0;
    if (read !== null && read !== "ambiguous") return true;
    const example = f.number(8.5, { minimumFractionDigits: 2 });
    const { decimal, group } = separatorsOf(f.locale);
    setError("price", {
      message:
        read === "ambiguous"
          ? t("Did you mean {{meant}}? Write the cents after “{{sign}}”, like {{example}}.", {
              meant: values.price.trim().split(group).join(decimal),
              sign: decimal,
              example,
            })
          : t("Enter the price as a number, such as {{example}}", { example }),
    });
    return false;
  };
}

/** The fields every meal form has, in order. */
function MealFields({
  form,
  photoPath,
  setPhotoPath,
}: {
  form: ReturnType<typeof useForm<MealFormValues>>;
  photoPath: string | null;
  setPhotoPath: (path: string | null) => void;
}) {
  const { t } = useTranslation("app");
  const errors = form.formState.errors;
  const field = (name: keyof MealFormValues) => fieldAria(name, errors[name]?.message);
  return (
    <>
      <MealPhotoField value={photoPath} onChange={setPhotoPath} />
      <FormField id="title" label={t("Title")} error={errors.title?.message} className="gap-2">
        <Input {...field("title")} {...form.register("title")} placeholder={t("e.g. Vegetable lasagne")} />
      </FormField>
      <FormField
        id="description"
        label={t("Description")}
        error={errors.description?.message}
        className="gap-2"
      >
        <Textarea {...field("description")} {...form.register("description")} rows={3} />
        <NewcomerNote limit="linksPerText" />
      </FormField>
      <KindAndPriceFields form={form} />
      <PaymentWaysFields form={form} />
      <FormField
        id="ingredients"
        label={t("Ingredients")}
        error={errors.ingredients?.message}
        className="gap-2"
      >
        <Textarea {...field("ingredients")} {...form.register("ingredients")} rows={2} />
      </FormField>
      <AllergenFields form={form} />
      <FoodDetailsFields form={form} />
      <PickupFields form={form} />
    </>
  );
}

/**
 * A posted meal's form for its cook (docs/features/everyday-journey.md): every field as posted; Save
 * changes sends them, the server tells the eaters who asked what changed, and the meal's page opens.
 */
export function EditMealForm({ meal }: { meal: MealDetail }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const { currency } = deployment();
  const [, navigate] = useLocation();
  const update = useUpdateMeal();
  const price = meal.priceCents == null ? "" : f.number(meal.priceCents / 100, { minimumFractionDigits: 2 });
  const form = useForm<MealFormValues>({
    resolver: zodResolver(mealFormSchema),
    defaultValues: editValuesOf(meal, price),
  });
  const [photoPath, setPhotoPath] = useState<string | null>(meal.photoPath);
  const checkPrice = usePriceCheck();
  const { handleSubmit, setError } = form;
  const onSubmit = handleSubmit((values) => {
    if (!checkPrice(values, setError)) return;
    // Who sees it and how its portions are given are chosen when posting (docs/features/groups.md
    // point 3, fair-shares.md point 1); an edit keeps them.
    const {
      weekly: _weekly,
      groupId: _groupId,
      everyoneAfterHours: _hours,
      allocation: _allocation,
      drawClosesAt: _closes,
      drawEligibility: _eligibility,
      ...patch
    } = { ...toCreateMeal(values, f.locale, currency), photoPath };
    const invalid = Object.entries(crossFieldErrors(patch));
    if (invalid.length > 0) {
      for (const [name, message] of invalid) setError(name as FieldPath<MealFormValues>, { message });
      return;
    }
    update.mutate(
      { id: meal.id, patch },
      {
        onSuccess: () => {
          toast({ title: t("Meal updated.") });
          navigate(`/meal/${meal.id}`);
        },
        onError: (error) => applyServerErrors(setError, error, formFieldOf),
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5">
      <MealFields form={form} photoPath={photoPath} setPhotoPath={setPhotoPath} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline" type="button">
          <Link href={`/meal/${meal.id}`}>{t("Cancel")}</Link>
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t("Saving...") : t("Save changes")}
        </Button>
      </div>
    </form>
  );
}

/**
 * A new meal's form as it opens: free unless the link asks for paid, picked up from in half an hour
 * for two hours, at the cook's home area until they move the pin, shared with the group the link names.
 */
function newMealDefaults(
  search: URLSearchParams,
  home: { latitude: number; longitude: number } | null,
): MealFormValues {
  const now = new Date();
  return {
    title: "",
    description: "",
    kind: search.get("kind") === "paid" ? "paid" : "free",
    price: "",
    paymentWays: "cash",
    chargeNoShow: false,
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
    latitude: home?.latitude ?? null,
    longitude: home?.longitude ?? null,
    weekly: false,
    weeks: 4,
    allocation: "first_come",
    drawClosesAt: "",
    drawEligibility: "everyone",
    audience: search.get("group") ? "group" : "everyone",
    groupId: search.get("group") ?? "",
    everyoneAfterHours: 24,
  };
}

/**
 * The Create New Meal form.
 * @param groups the member's groups, for "Who can see this meal?" (docs/features/groups.md point 3)
 */
export function CreateMealForm({ groups = [] }: { groups?: { id: string; name: string }[] }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const { currency } = deployment();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const createMeal = useCreateMeal();
  const { user } = useCurrentUser();
  const form = useForm<MealFormValues>({
    resolver: zodResolver(mealFormSchema),
    defaultValues: newMealDefaults(search, user?.homeArea ?? null),
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
  const { handleSubmit, setError } = form;
  const [photoPath, setPhotoPath] = useState<string | null>(null);
  const isCook = user?.isCook ?? false;

  const checkPrice = usePriceCheck();
  const onSubmit = handleSubmit((values) => {
    if (!checkPrice(values, setError)) return;
    const meal = { ...toCreateMeal(values, f.locale, currency), photoPath };
    const invalid = Object.entries(crossFieldErrors(meal));
    if (invalid.length > 0) {
      for (const [name, message] of invalid) setError(name as FieldPath<MealFormValues>, { message });
      return;
    }
    createMeal.mutate(meal, {
      onSuccess: (created) => {
        toast({
          title: t("Meal created!"),
          description: t("Your meal has been successfully created and is now live."),
        });
        // Requests for it are worth hearing about outside the app.
        offerPush();
        // To the meal as neighbours will see it, where it can be shared or edited (the spec said the
        // profile; docs/features/everyday-journey.md).
        navigate(`/meal/${created.id}`);
      },
      // The API names its own fields (e.g. priceCents); each goes under the form field it came from.
      onError: (error) => applyServerErrors(setError, error, formFieldOf),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5">
      <MealFields form={form} photoPath={photoPath} setPhotoPath={setPhotoPath} />
      {isCook && <WeeklyFields form={form} />}
      <AllocationFields form={form} />
      {groups.length > 0 && <AudienceFields form={form} groups={groups} />}
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
