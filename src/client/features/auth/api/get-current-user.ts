/** `GET /api/auth/user`: the signed-in user, or null when signed out (spec §4 "Authentication"). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/client/lib/query-client";
import type { CurrentUser } from "@/contract/auth";

export const currentUserQuery = queryOptions({
  queryKey: ["/api/auth/user"],
  queryFn: getQueryFn<CurrentUser>({ on401: "returnNull" }),
});

/**
 * The current user; `isLoading` while the first answer is pending, `error` when the server could
 * not be asked (offline, or down) — not the same as signed out, which is a 401.
 */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    error: query.data === undefined ? query.error : null,
    retry: query.refetch,
    retrying: query.isRefetching,
  };
}

/**
 * Whether the signed-in member is a site admin (docs/DESIGN.md §4 "Admin"): the session's own flag,
 * read here and nowhere else in the client, for the admin area's link and gate. The server refuses
 * everyone else anyway (403).
 */
export const isAdminSession = (user: CurrentUser | null | undefined): boolean => user?.isAdmin === true;
