/** Create New Meal (spec §2, §5): every rule with its message; success toast, then /profile. */
import { zodResolver } from "@hookform/resolvers/zod";
import { format } from "date-fns";
import { LocateFixed } from "lucide-react";
import { useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { Button } from "@/client/components/ui/button";
import { Checkbox } from "@/client/components/ui/checkbox";
import { FieldError, fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/use-toast";
import { useCurrentUser } from "@/client/features/auth/api/get-current-user";
import { useCreateMeal } from "@/client/features/meals/api/create-meal";
import { CheckboxGroup } from "@/client/features/meals/components/food-safety";
import {
  crossFieldErrors,
  formFieldOf,
  type MealFormValues,
  mealFormSchema,
  parsePrice,
  toCreateMeal,
} from "@/client/features/meals/meal-form-schema";
import { offerPush } from "@/client/features/notifications/push-offer";
import { MealPhotoField } from "@/client/features/photos/photo-field";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { deployment } from "@/client/lib/deployment";
import { useFormat } from "@/client/lib/format";
import { requestViewerPosition } from "@/client/lib/geo";
import { useMessages } from "@/client/lib/messages";
import { ALLERGENS, DIET_TAGS, STORAGE_TYPES } from "@/contract/food-safety";

const localInput = (date: Date) => format(date, "yyyy-MM-dd'T'HH:mm");

/** The currency's sign as the language writes it: "$", "€", "£", "US$". */
function currencySymbol(language: string, currency: string): string {
  return (
    new Intl.NumberFormat(language, { style: "currency", currency })
      .formatToParts(0)
      .find((part) => part.type === "currency")?.value ?? currency
  );
}

export default function CreateMealPage() {
  const { t } = useTranslation("app");
  const f = useFormat();
  const say = useMessages();
  const { currency } = deployment();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const createMeal = useCreateMeal();
  const { user } = useCurrentUser();
  const [locationNote, setLocationNote] = useState<string | null>(null);
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
      pickupWindowStart: localInput(new Date(now.getTime() + 30 * 60_000)),
      pickupWindowEnd: localInput(new Date(now.getTime() + 150 * 60_000)),
      deliveryAvailable: false,
      latitude: null,
      longitude: null,
    },
  });
  const { register, handleSubmit, watch, setValue, setError, formState } = form;
  const errors = formState.errors;
  const kind = watch("kind");
  const latitude = watch("latitude");

  const [photoPath, setPhotoPath] = useState<string | null>(null);

  const onSubmit = handleSubmit((values) => {
    // The amount as this language writes it ("7,50" in German; issue 15 point 2).
    if (
      values.kind === "paid" &&
      values.price.trim() &&
      parsePrice(values.price, f.language, currency) === null
    ) {
      setError("price", {
        message: t("Enter the price as a number, such as {{example}}", { example: priceExample }),
      });
      return;
    }
    const meal = { ...toCreateMeal(values, f.language, currency), photoPath };
    const invalid = Object.entries(crossFieldErrors(meal));
    if (invalid.length > 0) {
      for (const [field, message] of invalid) setError(field as FieldPath<MealFormValues>, { message });
      return;
    }
    createMeal.mutate(meal, {
      onSuccess: () => {
        toast({
          title: t("Meal created!"),
          description: t("Your meal has been successfully created and is now live."),
        });
        // Requests for it are worth hearing about outside the app (issue 14).
        offerPush();
        navigate("/profile");
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.errors))
            setError(formFieldOf(field), { message });
        }
        toast({
          title: t("Error"),
          description: errorMessage(error, t("Failed to create meal. Please try again.")),
          variant: "destructive",
        });
      },
    });
  });

  const addMyLocation = () =>
    requestViewerPosition().then(
      (position) => {
        setValue("latitude", position.latitude);
        setValue("longitude", position.longitude);
        setLocationNote(t("Approximate location added (about 100 m)."));
      },
      (error: Error) => setLocationNote(error.message),
    );

  const field = (name: keyof MealFormValues) => fieldAria(name, errors[name]?.message);
  const priceExample = f.number(7.5, { minimumFractionDigits: 2 });

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold">{t("Create New Meal")}</h1>
      <p className="mt-1 text-muted-foreground">
        {t("Share what you cooked. Neighbours can request a portion each.")}
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5">
        <MealPhotoField value={photoPath} onChange={setPhotoPath} />
        <div className="flex flex-col gap-2">
          <Label htmlFor="title">{t("Title")}</Label>
          <Input {...field("title")} {...register("title")} placeholder={t("e.g. Vegetable lasagne")} />
          <FieldError id="title" message={errors.title?.message} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="description">{t("Description")}</Label>
          <Textarea {...field("description")} {...register("description")} rows={3} />
          <FieldError id="description" message={errors.description?.message} />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">{t("Kind")}</legend>
          <div className="flex flex-wrap gap-4">
            <label className="flex items-center gap-2">
              <input type="radio" value="free" {...register("kind")} className="h-4 w-4 accent-green-700" />
              {t("Community (free)")}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="paid" {...register("kind")} className="h-4 w-4 accent-green-700" />
              {t("Marketplace (paid)")}
            </label>
          </div>
        </fieldset>
        {kind === "paid" && !user?.isCook && (
          <p
            role="status"
            className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="cook-only-notice"
          >
            {t("Only registered cooks can sell meals.")}{" "}
            <Link href="/become-a-cook" className="font-semibold underline">
              {t("Apply to become one.")}
            </Link>
          </p>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          {kind === "paid" && (
            <div className="flex flex-col gap-2">
              <Label htmlFor="price">
                {t("Price ({{currency}})", { currency: currencySymbol(f.language, currency) })}
              </Label>
              {/* Text, not a number input: each language writes amounts its own way (7.50, 7,50). */}
              <Input
                {...field("price")}
                {...register("price")}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder={priceExample}
              />
              <FieldError id="price" message={errors.price?.message} />
            </div>
          )}
          <div className="flex flex-col gap-2">
            <Label htmlFor="portionSize">{t("Portions")}</Label>
            <Input
              {...field("portionSize")}
              {...register("portionSize", { valueAsNumber: true })}
              type="number"
              min="1"
              step="1"
            />
            <FieldError id="portionSize" message={errors.portionSize?.message} />
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="ingredients">{t("Ingredients")}</Label>
          <Textarea {...field("ingredients")} {...register("ingredients")} rows={2} />
          <FieldError id="ingredients" message={errors.ingredients?.message} />
        </div>
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
          <div className="flex flex-col gap-2">
            <Label htmlFor="allergensOther">{t("Other allergens")}</Label>
            <Input
              {...field("allergensOther")}
              {...register("allergensOther")}
              placeholder={t("e.g. coriander, kiwi (comma-separated)")}
            />
            <FieldError id="allergensOther" message={errors.allergensOther?.message} />
          </div>
        </div>
        <CheckboxGroup
          legend={t("Diet")}
          options={DIET_TAGS}
          registration={register("dietTags")}
          error={errors.dietTags?.message}
          errorId="dietTags"
          idPrefix="diet-"
        />
        <fieldset className="flex flex-col gap-4 rounded-lg border p-4">
          <legend className="px-1 text-sm font-medium">{t("Food details")}</legend>
          <div className="flex flex-col gap-2">
            <Label htmlFor="preparedAt">{t("Prepared at")}</Label>
            <Input
              {...field("preparedAt")}
              {...register("preparedAt")}
              type="datetime-local"
              max={localInput(now)}
            />
            <FieldError id="preparedAt" message={errors.preparedAt?.message} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="storage">{t("Storage")}</Label>
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
            <FieldError id="storage" message={errors.storage?.message} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="reheating">{t("Reheating instructions (optional)")}</Label>
            <Textarea
              {...field("reheating")}
              {...register("reheating")}
              rows={2}
              placeholder={t("e.g. Microwave for 3 minutes until steaming hot")}
            />
            <FieldError id="reheating" message={errors.reheating?.message} />
          </div>
        </fieldset>
        <div className="flex flex-col gap-2">
          <Label htmlFor="pickupLocation">{t("Pickup location")}</Label>
          <Input
            {...field("pickupLocation")}
            {...register("pickupLocation")}
            placeholder={t("e.g. 12 Elm Street, front porch")}
          />
          <FieldError id="pickupLocation" message={errors.pickupLocation?.message} />
          <div className="flex flex-wrap items-center gap-2">
            <Button type="button" variant="outline" size="sm" onClick={addMyLocation}>
              <LocateFixed aria-hidden="true" />{" "}
              {latitude != null ? t("Update my location") : t("Use my location")}
            </Button>
            <span className="text-xs text-muted-foreground" aria-live="polite">
              {locationNote ?? t("Optional: lets neighbours see how far away the meal is.")}
            </span>
          </div>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor="pickupWindowStart">{t("Pickup start")}</Label>
            <Input {...field("pickupWindowStart")} {...register("pickupWindowStart")} type="datetime-local" />
            <FieldError id="pickupWindowStart" message={errors.pickupWindowStart?.message} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="pickupWindowEnd">{t("Pickup end")}</Label>
            <Input {...field("pickupWindowEnd")} {...register("pickupWindowEnd")} type="datetime-local" />
            <FieldError id="pickupWindowEnd" message={errors.pickupWindowEnd?.message} />
          </div>
        </div>
        <div className="flex items-center gap-2">
          <Checkbox
            id="deliveryAvailable"
            checked={watch("deliveryAvailable")}
            onCheckedChange={(checked) => setValue("deliveryAvailable", checked === true)}
          />
          <Label htmlFor="deliveryAvailable">{t("Delivery available")}</Label>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline" type="button">
            <Link href="/">{t("Cancel")}</Link>
          </Button>
          <Button type="submit" disabled={createMeal.isPending}>
            {createMeal.isPending ? t("Creating...") : t("Create Meal")}
          </Button>
        </div>
      </form>
    </div>
  );
}
