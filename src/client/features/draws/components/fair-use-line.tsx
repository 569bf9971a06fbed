/**
 * The member's own fair use on their Requests page (docs/features/fair-shares.md point 4): "7 of 10 free
 * meals in the last 28 days", and when the next is possible once at the limit. Nothing where the
 * deployment publishes no limit.
 */
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { getJson } from "@/client/lib/api-client";
import { useFormat } from "@/client/lib/format";
import type { FairUse } from "@/contract/draw";
import { FAIR_USE_DAYS } from "@/contract/plain/draw";

export function FairUseLine() {
  const { t } = useTranslation("app");
  const f = useFormat();
  const use = useQuery({
    queryKey: ["/api/user/fair-use"],
    queryFn: () => getJson<FairUse>("/api/user/fair-use"),
  });
  if (use.isError)
    return (
      <QueryError
        title={t("Could not load your free meals count")}
        error={use.error}
        onRetry={() => use.refetch()}
        retrying={use.isRefetching}
      />
    );
  if (!use.data || use.data.limit === null) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="fair-use">
      {t("{{used}} of {{limit}} free meals in the last {{days}} days", {
        days: FAIR_USE_DAYS,
        used: use.data.used,
        limit: use.data.limit,
      })}
      {use.data.nextAt && ` · ${t("your next from {{date}}", { date: f.when(use.data.nextAt) })}`}
    </p>
  );
}
