/**
 * A container label's public page, `/label/:token` (docs/features/handover.md point 3): what the QR
 * code on the box opens, for anyone, signed in or not — the food's facts and nothing about the cook or
 * the place; kept out of search engines.
 */
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { StaticPage } from "@/client/components/layout/static-page";
import { LabelContent, usePublicLabel } from "@/client/features/labels";

export default function LabelPage() {
  const { t } = useTranslation("app");
  const { token = "" } = useParams<{ token: string }>();
  const label = usePublicLabel(token);
  return (
    <StaticPage>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{t("Food label")}</p>
      {label.isLoading && <Spinner label={t("Loading the label")} />}
      {label.isError && (
        <QueryError
          title={t("Could not load the label")}
          error={label.error}
          onRetry={() => label.refetch()}
          retrying={label.isRefetching}
        />
      )}
      {label.data && <LabelContent label={label.data} />}
      <p className="text-sm text-muted-foreground">
        {t("Shared on MealShare by a neighbour. If in doubt about an allergen, do not eat it.")}
      </p>
    </StaticPage>
  );
}
