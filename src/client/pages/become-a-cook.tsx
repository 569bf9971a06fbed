/**
 * Become a registered cook, `/become-a-cook` (issue 13 point 4): the kitchen, its food business
 * registration, the food hygiene certificate and a document (PDF, JPEG or PNG up to 10 MB), and a
 * declaration. Shows where the latest application stands: waiting, approved, or rejected with the
 * admin's reason (then the form again).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import type { TFunction } from "i18next";
import { BadgeCheck, Clock } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { z } from "zod";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { FieldError, fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { toast } from "@/client/components/ui/use-toast";
import { useCurrentUser } from "@/client/features/auth/api/get-current-user";
import { useMyApplications, useSubmitApplication } from "@/client/features/cooks/api/cooks";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { useFormat } from "@/client/lib/format";
import {
  type CookApplication,
  cookApplicationInputSchema,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
} from "@/contract/cooks";
import { msg } from "@/contract/messages";

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

export default function BecomeACookPage() {
  const { t } = useTranslation("app");
  const { user } = useCurrentUser();
  const applications = useMyApplications();
  const latest = applications.data?.[0];

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">{t("Become a Registered Cook")}</h1>
        <p className="mt-1 text-muted-foreground">
          {t(
            "Selling home-cooked meals on the Marketplace is for cooks registered as a food business, with a current food hygiene certificate. Free Community meals stay open to everyone.",
          )}
        </p>
      </header>
      {applications.isLoading && <Spinner label={t("Loading your application")} />}
      {applications.isError && (
        <QueryError
          title={t("Could not load your application")}
          error={applications.error}
          onRetry={() => applications.refetch()}
          retrying={applications.isRefetching}
        />
      )}
      {applications.isSuccess && (
        <>
          {latest && <ApplicationStatus application={latest} isCook={Boolean(user?.isCook)} />}
          {latest?.status !== "pending" && <ApplicationForm renewal={Boolean(user?.isCook)} />}
        </>
      )}
    </div>
  );
}

function ApplicationStatus({ application, isCook }: { application: CookApplication; isCook: boolean }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  if (application.status === "pending") {
    return (
      <Card>
        <CardContent className="flex items-start gap-3 p-4">
          <Clock className="mt-0.5 h-5 w-5 text-amber-700" aria-hidden="true" />
          <div>
            <h2 className="font-semibold">{t("Application received")}</h2>
            <p className="text-sm text-muted-foreground">
              {t(
                "An admin is reviewing your application for {{kitchen}}. You will get a notification either way.",
                {
                  kitchen: application.kitchenName,
                },
              )}
            </p>
          </div>
        </CardContent>
      </Card>
    );
  }
  if (application.status === "approved" && isCook) {
    return (
      <Card>
        <CardContent className="flex items-start gap-3 p-4">
          <BadgeCheck className="mt-0.5 h-5 w-5 text-green-700" aria-hidden="true" />
          <div>
            <h2 className="font-semibold">{t("You are a Registered Cook")}</h2>
            <p className="text-sm text-muted-foreground">
              {t(
                "Your certificate is valid until {{date}}. Apply again with the new certificate before then to keep selling.",
                { date: f.longDate(`${application.certificateExpiresOn}T12:00:00`) },
              )}
            </p>
            <Button asChild size="sm" className="mt-2">
              <Link href="/meals/new?kind=paid">{t("Sell a meal")}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }
  if (application.status === "rejected") {
    return (
      <Card className="border-destructive">
        <CardContent className="p-4">
          <h2 className="font-semibold">{t("Your last application was not approved")}</h2>
          <p className="text-sm">{t("Reason: {{reason}}", { reason: application.rejectionReason })}</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {t("You can correct it and apply again below.")}
          </p>
        </CardContent>
      </Card>
    );
  }
  return null;
}

function ApplicationForm({ renewal }: { renewal: boolean }) {
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
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const [name, message] of Object.entries(error.errors))
              setError((name === "documentURL" ? "file" : name) as keyof FormValues, { message });
          }
          toast({
            title: t("Error"),
            description: errorMessage(error, t("Failed to send your application. Please try again.")),
            variant: "destructive",
          });
        },
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
          <div className="flex flex-col gap-1">
            <Label htmlFor={id("certificateExpiresOn")}>{t("Certificate expiry date")}</Label>
            <Input
              type="date"
              {...fieldAria(id("certificateExpiresOn"), errors.certificateExpiresOn?.message)}
              {...register("certificateExpiresOn")}
            />
            <FieldError id={id("certificateExpiresOn")} message={errors.certificateExpiresOn?.message} />
          </div>
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
