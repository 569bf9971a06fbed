import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CheckboxGroup } from "@/client/components/checkbox-group";
import { FormField } from "@/client/components/form-field";
import { HeldMark } from "@/client/components/held-mark";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/use-toast";
import { NewcomerNote } from "@/client/features/trust";
import { applyServerErrors } from "@/client/lib/forms";
import { type CurrentUser, type UpdateProfileInput, updateProfileSchema } from "@/contract/auth";
import { ALLERGENS, DIET_TAGS, type DietTag } from "@/contract/plain/food-safety";
import { useUpdateProfile } from "../api/users";

/** The form's values for a user as the server has them. */
const formValues = (user: CurrentUser): UpdateProfileInput => ({
  firstName: user.firstName,
  lastName: user.lastName,
  nameShown: user.nameShown,
  bio: user.bio ?? "",
  dietaryPrefs: user.dietaryPrefs ?? "",
  allergyCodes: user.allergyCodes,
  allergiesOther: user.allergiesOther,
  dietTags: user.dietTags as DietTag[],
});

/** How others read the member's name: first name and initial, or in full. */
function NameShown({ user, registration }: { user: CurrentUser; registration: UseFormRegisterReturn }) {
  const { t } = useTranslation("app");
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="text-sm font-medium">{t("How others see your name")}</legend>
      {(["short", "full"] as const).map((choice) => (
        <label key={choice} className="flex items-center gap-2 text-sm">
          <input type="radio" value={choice} {...registration} className="h-4 w-4" />
          {choice === "short"
            ? t("{{first}} {{initial}} — first name and initial", {
                first: user.firstName,
                initial: user.lastName ? `${[...user.lastName][0]}.` : "",
              })
            : t("{{first}} {{last}} — full name", { first: user.firstName, last: user.lastName })}
        </label>
      ))}
      <p className="text-sm text-muted-foreground">
        {t("Whoever you arrange a pickup with reads your full name.")}
      </p>
    </fieldset>
  );
}

/**
 * The Settings tab's form: names, bio and dietary preferences (`PUT /api/user/profile`), checked
 * by the same schema as the server's, whose field errors are shown too; My allergies and My diet
 * which warn on meals and hide them from lists.
 */
export function ProfileSettingsForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation("app");
  const update = useUpdateProfile({
    errorMessage: t("Failed to update profile. Please try again."),
    serverMessage: true,
  });
  const prefix = useId();
  const { register, handleSubmit, setError, formState, reset } = useForm({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: formValues(user),
  });
  const errors = formState.errors;
  const field = (name: "firstName" | "lastName" | "bio" | "dietaryPrefs" | "allergiesOther") => ({
    ...fieldAria(`${prefix}${name}`, errors[name]?.message),
    ...register(name),
  });
  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        // As saved: a typed allergy that names one of the 14 ("dairy") comes back ticked (Milk).
        reset(formValues(saved));
        toast({ title: t("Profile updated.") });
      },
      onError: (error) => applyServerErrors(setError, error),
    }),
  );
  return (
    <Card>
      <CardContent className="p-4">
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
          <FormField id={`${prefix}firstName`} label={t("First name")} error={errors.firstName?.message}>
            <Input {...field("firstName")} maxLength={80} required autoComplete="given-name" />
          </FormField>
          <FormField id={`${prefix}lastName`} label={t("Last name")} error={errors.lastName?.message}>
            <Input {...field("lastName")} maxLength={80} autoComplete="family-name" />
          </FormField>
          <NameShown user={user} registration={register("nameShown")} />
          <FormField
            id={`${prefix}bio`}
            label={t("Bio")}
            error={errors.bio?.message}
            className="sm:col-span-2"
          >
            <Textarea
              {...field("bio")}
              maxLength={1000}
              rows={3}
              placeholder={t("What do you like to cook?")}
            />
            {user.bioHeld && <HeldMark />}
            <NewcomerNote limit="linksPerText" />
          </FormField>
          <FormField
            id={`${prefix}dietaryPrefs`}
            label={t("Dietary preferences")}
            error={errors.dietaryPrefs?.message}
            className="sm:col-span-2"
          >
            <Input {...field("dietaryPrefs")} maxLength={500} placeholder={t("e.g. vegetarian, no nuts")} />
          </FormField>
          <div className="flex flex-col gap-3 sm:col-span-2">
            <CheckboxGroup
              legend={t("My allergies")}
              hint={t("Meals containing these show a warning, and lists can hide them. Only you see this.")}
              options={ALLERGENS}
              registration={register("allergyCodes")}
              error={errors.allergyCodes?.message}
              errorId={`${prefix}allergyCodes`}
              idPrefix={`${prefix}allergy-`}
            />
            <FormField
              id={`${prefix}allergiesOther`}
              label={t("Other allergies")}
              error={errors.allergiesOther?.message}
            >
              <Input {...field("allergiesOther")} maxLength={300} placeholder={t("e.g. coriander, kiwi")} />
            </FormField>
          </div>
          <div className="sm:col-span-2">
            <CheckboxGroup
              legend={t("My diet")}
              options={DIET_TAGS}
              registration={register("dietTags")}
              error={errors.dietTags?.message}
              errorId={`${prefix}dietTags`}
              idPrefix={`${prefix}diet-`}
            />
          </div>
          <Button type="submit" className="sm:col-span-2 sm:justify-self-start" disabled={update.isPending}>
            {t("Save Settings")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
