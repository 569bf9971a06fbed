/**
 * Pickup pass, `/pass/:id` (docs/features/handover.md point 4): the accepted eater's code and pickup
 * details on one screen. The router shows it before it knows who is signed in (router.tsx), so with no
 * connection it opens from the service worker's copies of the app and of the pass.
 */
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { PickupPassCard, usePickupPass } from "@/client/features/requests";
import { ApiError } from "@/client/lib/api-client";

export default function PickupPassPage() {
  const { t } = useTranslation("app");
  const { id = "" } = useParams<{ id: string }>();
  const pass = usePickupPass(id);
  const status = pass.error instanceof ApiError ? pass.error.status : null;
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col gap-4 p-4">
      <Link href={`/request/${id}`} className="text-sm underline">
        {t("Back to the conversation")}
      </Link>
      {pass.isLoading && <Spinner label={t("Loading your pickup pass")} />}
      {status === 401 ? (
        <p role="alert">
          {t("Sign in to see your pickup pass.")}{" "}
          <Link href="/" className="underline">
            {t("Sign in")}
          </Link>
        </p>
      ) : (
        pass.isError && (
          <QueryError
            title={t("Could not load your pickup pass")}
            error={pass.error}
            onRetry={() => pass.refetch()}
            retrying={pass.isRefetching}
          />
        )
      )}
      {pass.data && <PickupPassCard pass={pass.data} />}
    </main>
  );
}
