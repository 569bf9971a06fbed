/**
 * Home's impact card: the neighbourhood's figures (method and sources in `src/contract/impact.ts`)
 * and a link to how they are made. A failed load says so with Retry, in the card's place.
 */
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { QueryError } from "@/client/components/layout/query-error";
import { useImpact } from "../api/impact";
import { ImpactFigures } from "./impact-figures";

export function ImpactSummary() {
  const { t } = useTranslation("app");
  const impact = useImpact();
  return (
    <section aria-labelledby="home-impact" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="home-impact" className="text-2xl font-bold">
          {t("Our neighbourhood so far")}
        </h2>
        <Link href="/impact" className="text-sm font-medium text-green-800 underline">
          {t("How we count")}
        </Link>
      </div>
      {impact.isError ? (
        <QueryError
          title={t("Could not load the figures")}
          error={impact.error}
          onRetry={() => impact.refetch()}
          retrying={impact.isRefetching}
          compact
        />
      ) : impact.data ? (
        <ImpactFigures impact={impact.data} />
      ) : (
        <div className="h-24" aria-hidden="true" />
      )}
    </section>
  );
}
