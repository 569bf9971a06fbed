/**
 * `GET /api/impact` (docs/features/languages-currency-impact.md "Impact"): public, so the page works
 * signed out.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "@/client/lib/api-client";
import type { Impact } from "@/contract/impact";

export const impactQuery = queryOptions({
  queryKey: ["/api/impact"],
  queryFn: () => getJson<Impact>("/api/impact"),
});
export const useImpact = () => useQuery(impactQuery);
