/**
 * Become a registered cook, `/become-a-cook`: the kitchen, its food business
 * registration, the food hygiene certificate and a document (PDF, JPEG or PNG up to 10 MB), and a
 * declaration. Shows where the latest application stands: waiting, approved, or rejected with the
 * admin's reason (then the form again).
 */
import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { useCurrentUser } from "@/client/features/auth";
import { ApplicationForm, ApplicationStatus, useMyApplications } from "@/client/features/cooks";

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
