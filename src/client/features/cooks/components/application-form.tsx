/**
 * The registered-cook application form: the kitchen, its food business registration, the food
 * hygiene certificate and a document (PDF, JPEG or PNG up to 10 MB), and a declaration.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import type { TFunction } from "i18next";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormField } from "@/client/components/form-field";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { FieldError, fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { toast } from "@/client/components/ui/use-toast";
import { applyServerErrors } from "@/client/lib/forms";
import { cookApplicationInputSchema, DOCUMENT_MAX_BYTES, DOCUMENT_TYPES } from "@/contract/cooks";
import { msg } from "@/contract/messages";
import { useSubmitApplication } from "../api/cooks";

const formSchema = cookApplicationInputSchema.omit({ documentURL: true }).extend({
  file: z
    .custom<FileList>()
    .refine(
      (files) => files instanceof FileList && files.length === 1,
      msg("Choose your certificate or registration document"),
    )
    .refine(
      (files) => !(files instanceof FileList) || files.length !== 1 || files[0].size <= DOCUMENT_MAX_BYTES,
      msg("The document must be at most 10 MB"),
    )
    .refine(
      (files) =>
        !(files instanceof FileList) ||
        files.length !== 1 ||
        (DOCUMENT_TYPES as readonly string[]).includes(files[0].type),
      msg("The document must be a PDF, JPEG or PNG file"),
    ),
});
type FormValues = z.input<typeof formSchema>;

/** The form's text fields and their labels, in the current language. */
const textFields = (t: TFunction<"app">) =>
  [
    ["kitchenName", t("Kitchen or business name")],
    ["registrationNumber", t("Food business registration number")],
    ["registrationAuthority", t("Registration authority (e.g. your council)")],
    ["certificateLevel", t("Food hygiene certificate level")],
    ["certificateIssuer", t("Certificate issuer")],
  ] as const;

export function ApplicationForm({ renewal }: { renewal: boolean }) {
  const { t } = useTranslation("app");
  const submit = useSubmitApplication();
  const prefix = useId();
  const { register, handleSubmit, setError, reset, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      kitchenName: "",
      registrationNumber: "",
      registrationAuthority: "",
      certificateLevel: "",
      certificateIssuer: "",
      certificateExpiresOn: "",
      declaration: false as unknown as true,
    },
  });
  const errors = formState.errors;
  const id = (name: string) => `${prefix}${name}`;

  const onSubmit = handleSubmit((values) => {
    const { file, ...fields } = values;
    submit.mutate(
      { ...fields, declaration: true, file: (file as FileList)[0] },
      {
        onSuccess: () => {
          toast({ title: t("Application sent"), description: t("An admin will review it soon.") });
          reset();
        },
        // The API's documentURL is this form's file.
        onError: (error) =>
          applyServerErrors(setError, error, (name) => (name === "documentURL" ? "file" : name)),
      },
    );
  });

  return (
    <Card>
      <CardContent className="p-4">
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          <h2 className="text-lg font-semibold">
            {renewal ? t("Renew your registration") : t("Your application")}
          </h2>
          {textFields(t).map(([name, label]) => (
            <div key={name} className="flex flex-col gap-1">
              <Label htmlFor={id(name)}>{label}</Label>
              <Input {...fieldAria(id(name), errors[name]?.message)} {...register(name)} />
              <FieldError id={id(name)} message={errors[name]?.message} />
            </div>
          ))}
          <FormField
            id={id("certificateExpiresOn")}
            label={t("Certificate expiry date")}
            error={errors.certificateExpiresOn?.message}
          >
            <Input
              type="date"
              {...fieldAria(id("certificateExpiresOn"), errors.certificateExpiresOn?.message)}
              {...register("certificateExpiresOn")}
            />
          </FormField>
          <div className="flex flex-col gap-1">
            <Label htmlFor={id("file")}>
              {t("Certificate or registration document (PDF, JPEG or PNG, up to 10 MB)")}
            </Label>
            <Input
              type="file"
              accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
              {...fieldAria(id("file"), errors.file?.message as string | undefined)}
              {...register("file")}
            />
            <FieldError id={id("file")} message={errors.file?.message as string | undefined} />
            <p className="text-xs text-muted-foreground">
              {t("Only you and MealShare's admins can see this document.")}
            </p>
          </div>
          <label className="flex items-start gap-2 text-sm" htmlFor={id("declaration")}>
            <input
              id={id("declaration")}
              type="checkbox"
              className="mt-0.5 h-4 w-4 accent-green-700"
              aria-invalid={errors.declaration ? true : undefined}
              aria-describedby={errors.declaration ? `${id("declaration")}-error` : undefined}
              {...register("declaration")}
            />
            {t(
              "I declare that these details are true, that my kitchen is registered as a food business, and that I follow food hygiene law when I cook for others.",
            )}
          </label>
          <FieldError id={id("declaration")} message={errors.declaration?.message} />
          <Button type="submit" className="self-start" disabled={submit.isPending}>
            {submit.isPending ? t("Sending...") : t("Send application")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
