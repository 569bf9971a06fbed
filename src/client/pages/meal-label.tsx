/**
 * Print label, `/meal/:id/label` (docs/features/handover.md point 3): the cook's container label for
 * their own meal, ready to print, with a QR code to its public page.
 */
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { PrintSheet, usePrintLabel } from "@/client/features/labels";

export default function MealLabelPage() {
  const { t } = useTranslation("app");
  const { id = "" } = useParams<{ id: string }>();
  const label = usePrintLabel(id);
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-4 p-4">
      <div className="print:hidden">
        <Link href={`/meal/${id}`} className="text-sm underline">
          {t("Back to the meal")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold">{t("Print label")}</h1>
        <p className="text-muted-foreground">
          {t(
            "Stick it on the box: the allergens are in bold, and the QR code opens a page with the same facts — nothing about you or your address.",
          )}
        </p>
      </div>
      {label.isLoading && <Spinner label={t("Loading the label")} />}
      {label.isError && (
        <QueryError
          title={t("Could not load the label")}
          error={label.error}
          onRetry={() => label.refetch()}
          retrying={label.isRefetching}
        />
      )}
      {label.data && <PrintSheet label={label.data} />}
    </main>
  );
}
