/**
 * The meal form's "Who can see this meal?" (docs/features/groups.md point 3): everyone (the default),
 * only one of the member's groups, or that group first and everyone after some hours. Shown to members
 * of at least one group.
 */
import { useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FieldError, fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { GROUP_FIRST_HOURS_MAX } from "@/contract/plain/groups";
import type { MealFormValues } from "../../meal-form-schema";

export function AudienceFields({
  form,
  groups,
}: {
  form: UseFormReturn<MealFormValues>;
  groups: { id: string; name: string }[];
}) {
  const { t } = useTranslation("app");
  const groupSelectId = useId();
  const hoursId = useId();
  const audience = form.watch("audience");
  const errors = form.formState.errors;
  const choices = [
    { value: "everyone", label: t("Everyone") },
    { value: "group", label: t("Only a group") },
    { value: "group_first", label: t("A group first, then everyone") },
  ] as const;
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">{t("Who can see this meal?")}</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-4">
        {choices.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="audience"
              value={choice.value}
              checked={audience === choice.value}
              onChange={() => {
                form.setValue("audience", choice.value);
                if (choice.value !== "everyone" && !form.getValues("groupId") && groups.length === 1) {
                  form.setValue("groupId", groups[0].id);
                }
              }}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {audience !== "everyone" && (
        <div className="flex flex-col gap-1">
          <Label htmlFor={groupSelectId}>{t("Group")}</Label>
          <select
            {...fieldAria(groupSelectId, errors.groupId?.message)}
            {...form.register("groupId")}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm"
          >
            <option value="">{t("Choose a group")}</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
          <FieldError id={groupSelectId} message={errors.groupId?.message} />
          <p className="text-sm text-muted-foreground">
            {t("Only the group's members find it: in their lists, on the map and by its link.")}
          </p>
        </div>
      )}
      {audience === "group_first" && (
        <div className="flex flex-col gap-1">
          <Label htmlFor={hoursId}>{t("Everyone can see it after (hours)")}</Label>
          <Input
            {...fieldAria(hoursId, errors.everyoneAfterHours?.message)}
            type="number"
            inputMode="numeric"
            min={1}
            max={GROUP_FIRST_HOURS_MAX}
            className="w-32"
            {...form.register("everyoneAfterHours", { valueAsNumber: true })}
          />
          <FieldError id={hoursId} message={errors.everyoneAfterHours?.message} />
        </div>
      )}
    </fieldset>
  );
}
