/**
 * Starting a group and changing its settings (docs/features/groups.md point 1): name, description,
 * welcome message, rules, listed or hidden, how people join (open, by application with its
 * questions, by invite link, by verified email domain), whether newcomers may request, and an optional
 * area around the owner's home. The server checks every rule and its errors go under their fields.
 */

import { useId } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "@/client/components/form-field";
import { Button } from "@/client/components/ui/button";
import { Checkbox } from "@/client/components/ui/checkbox";
import { fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { useCurrentUser } from "@/client/features/auth";
import { NewcomerNote } from "@/client/features/trust";
import { applyServerErrors } from "@/client/lib/forms";
import type { CreateGroupInput, GroupDetail, GroupJoinRule, GroupVisibility } from "@/contract/groups";
import type { HomeArea } from "@/contract/places";
import { GROUP_RADIUS_CHOICES_KM, roundGroupCoordinate } from "@/contract/plain/groups";

interface GroupFormValues {
  name: string;
  description: string;
  welcome: string;
  rules: string;
  visibility: GroupVisibility;
  joinRule: GroupJoinRule;
  emailDomain: string;
  /** One question per line. */
  questions: string;
  newcomersMayRequest: boolean;
  aroundHome: boolean;
  radiusKm: number;
}

const valuesOf = (group?: GroupDetail): GroupFormValues => ({
  name: group?.name ?? "",
  description: group?.description ?? "",
  welcome: group?.welcome ?? "",
  rules: group?.rules ?? "",
  visibility: group?.visibility ?? "listed",
  joinRule: group?.joinRule ?? "open",
  emailDomain: group?.emailDomain ?? "",
  questions: group?.questions.join("\n") ?? "",
  newcomersMayRequest: group?.newcomersMayRequest ?? true,
  aroundHome: Boolean(group?.place),
  radiusKm: group?.place?.radiusKm ?? 1,
});

/** The form's values as the API takes them: questions one per line, an area never a door. */
function inputOf(values: GroupFormValues, home: HomeArea | null): CreateGroupInput {
  return {
    name: values.name,
    description: values.description,
    welcome: values.welcome,
    rules: values.rules,
    visibility: values.visibility,
    joinRule: values.joinRule,
    emailDomain: values.joinRule === "email_domain" ? values.emailDomain.trim() || null : null,
    questions: values.questions
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
    newcomersMayRequest: values.newcomersMayRequest,
    // An area, never a door: the centre to about 1 km (docs/features/groups.md).
    place:
      values.aroundHome && home
        ? {
            latitude: roundGroupCoordinate(home.latitude),
            longitude: roundGroupCoordinate(home.longitude),
            radiusKm: Number(values.radiusKm) as (typeof GROUP_RADIUS_CHOICES_KM)[number],
          }
        : null,
  };
}

type GroupFormApi = UseFormReturn<GroupFormValues>;

/** What the group says of itself: name, description, welcome message and rules. */
function TextFields({ form, editing }: { form: GroupFormApi; editing: boolean }) {
  const { t } = useTranslation("app");
  const { register } = form;
  const errors = form.formState.errors;
  return (
    <>
      <FormField id="group-name" label={t("Name")} error={errors.name?.message}>
        <Input {...fieldAria("group-name", errors.name?.message)} {...register("name")} maxLength={80} />
      </FormField>
      <FormField id="group-description" label={t("Description")} error={errors.description?.message}>
        <Textarea
          {...fieldAria("group-description", errors.description?.message)}
          {...register("description")}
          rows={3}
          placeholder={t("Who is it for? A building, a school, a workplace…")}
        />
        <NewcomerNote limit="linksPerText" />
      </FormField>
      <FormField
        id="group-welcome"
        label={t("Welcome message for new members")}
        error={errors.welcome?.message}
      >
        <Textarea
          {...fieldAria("group-welcome", errors.welcome?.message)}
          {...register("welcome")}
          rows={2}
        />
      </FormField>
      <FormField id="group-rules" label={t("Rules")} error={errors.rules?.message}>
        <Textarea
          {...fieldAria("group-rules", errors.rules?.message)}
          {...register("rules")}
          rows={4}
          placeholder={t("E.g. label allergens, bring containers back, pick up on time.")}
        />
      </FormField>
      {editing && (
        <p className="-mt-2 text-sm text-muted-foreground">
          {t("Changing the rules asks every member to accept them again.")}
        </p>
      )}
    </>
  );
}

/** Who can find the group and how people join, with the questions or the domain that asks. */
function JoinFields({ form }: { form: GroupFormApi }) {
  const { t } = useTranslation("app");
  const { register, watch, setValue } = form;
  const errors = form.formState.errors;
  const joinRule = watch("joinRule");
  const visibility = watch("visibility");
  // Nobody finds a hidden group to apply to (groupCrossFieldErrors): the form does not offer it.
  const { onChange: onVisibilityChange, ...visibilityField } = register("visibility");
  const ids = { visibility: useId(), joinRule: useId() };
  return (
    <>
      <FormField id={ids.visibility} label={t("Who can find the group?")} error={errors.visibility?.message}>
        <select
          {...fieldAria(ids.visibility, errors.visibility?.message)}
          {...visibilityField}
          onChange={(event) => {
            if (event.target.value === "hidden" && joinRule === "application") setValue("joinRule", "invite");
            return onVisibilityChange(event);
          }}
          className="h-10 rounded-md border border-input bg-background px-3 text-sm"
        >
          <option value="listed">{t("Listed: anyone can find it")}</option>
          <option value="hidden">{t("Hidden: only its members know it exists")}</option>
        </select>
      </FormField>
      <FormField id={ids.joinRule} label={t("How do people join?")} error={errors.joinRule?.message}>
        <select
          {...fieldAria(ids.joinRule, errors.joinRule?.message)}
          {...register("joinRule")}
          className="h-10 rounded-md border border-input bg-background px-3 text-sm"
        >
          <option value="open">{t("Open: anyone joins")}</option>
          <option value="application" disabled={visibility === "hidden"}>
            {visibility === "hidden"
              ? t("By application (a hidden group cannot be found to apply to)")
              : t("By application: they answer your questions")}
          </option>
          <option value="invite">{t("By invite link")}</option>
          <option value="email_domain">{t("By verified email domain (a workplace)")}</option>
        </select>
      </FormField>
      {joinRule === "application" && (
        <FormField
          id="group-questions"
          label={t("Questions, one per line")}
          error={errors.questions?.message}
        >
          <Textarea
            {...fieldAria("group-questions", errors.questions?.message)}
            {...register("questions")}
            rows={3}
            placeholder={t("For example: Which flat do you live in?")}
          />
        </FormField>
      )}
      {joinRule === "email_domain" && (
        <FormField id="group-domain" label={t("Email domain")} error={errors.emailDomain?.message}>
          <Input
            {...fieldAria("group-domain", errors.emailDomain?.message)}
            {...register("emailDomain")}
            placeholder="example.org"
            autoCapitalize="none"
          />
        </FormField>
      )}
    </>
  );
}

/** Whether newcomers may request, and the area around the owner's home the group shows as. */
function ReachFields({ form, home }: { form: GroupFormApi; home: HomeArea | null }) {
  const { t } = useTranslation("app");
  const { register, watch, setValue } = form;
  const aroundHome = watch("aroundHome");
  const radiusId = useId();
  return (
    <>
      <div className="flex items-center gap-2">
        <Checkbox
          id="group-newcomers"
          checked={watch("newcomersMayRequest")}
          onCheckedChange={(checked) => setValue("newcomersMayRequest", checked === true)}
        />
        <Label htmlFor="group-newcomers">
          {t("Newcomers may request members-only meals before their first pickup")}
        </Label>
      </div>
      {home && (
        <div className="flex flex-wrap items-center gap-2">
          <Checkbox
            id="group-place"
            checked={aroundHome}
            onCheckedChange={(checked) => setValue("aroundHome", checked === true)}
          />
          <Label htmlFor="group-place">{t("Show it as an area around my home area")}</Label>
          {aroundHome && (
            <>
              <Label htmlFor={radiusId} className="sr-only">
                {t("Radius")}
              </Label>
              <select
                id={radiusId}
                {...register("radiusKm", { valueAsNumber: true })}
                className="h-9 rounded-md border border-input bg-background px-2 text-sm"
              >
                {GROUP_RADIUS_CHOICES_KM.map((km) => (
                  <option key={km} value={km}>
                    {t("within {{km}} km", { km })}
                  </option>
                ))}
              </select>
            </>
          )}
        </div>
      )}
    </>
  );
}

export function GroupForm({
  group,
  submitLabel,
  pending,
  onSubmit,
}: {
  group?: GroupDetail;
  submitLabel: string;
  pending: boolean;
  /** Sends the group; rejects with the server's error, whose field errors the form shows. */
  onSubmit: (input: CreateGroupInput) => Promise<unknown>;
}) {
  const { t } = useTranslation("app");
  const { user } = useCurrentUser();
  const form = useForm<GroupFormValues>({ defaultValues: valuesOf(group) });
  const home = user?.homeArea ?? null;

  const submit = form.handleSubmit(async (values) => {
    // An answer from an earlier try (e.g. under "around my home") goes; this try's answer replaces it.
    form.clearErrors();
    try {
      await onSubmit(inputOf(values, home));
    } catch (error) {
      applyServerErrors(form.setError, error, (field) => (field === "place" ? "aroundHome" : field));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextFields form={form} editing={Boolean(group)} />
      <JoinFields form={form} />
      <ReachFields form={form} home={home} />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? t("Saving...") : submitLabel}
        </Button>
      </div>
    </form>
  );
}
