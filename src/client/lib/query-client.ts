/**
 * The TanStack Query client with spec §7's defaults: data never goes stale, no retries, no
 * refetch on focus, unused data kept 5 minutes. Live changes arrive by SSE, nothing polls.
 */
import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { ApiError, getJson } from "./api-client";

/**
 * spec §7: the default GET URL is the query key's string parts joined with "/".
 * @param options.on401 "returnNull" where a 401 means "no data" (the current user)
 */
export function getQueryFn<T>(options: { on401: "returnNull" | "throw" }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const url = queryKey.filter((part) => typeof part === "string" || typeof part === "number").join("/");
    try {
      return await getJson<T>(url);
    } catch (error) {
      if (options.on401 === "returnNull" && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 5 * 60 * 1000,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      // Offline, a load fails at once and says so with Retry (and a failed load is tried again
      // when the connection returns), instead of waiting silently behind a spinner.
      networkMode: "always",
    },
    mutations: { retry: false, networkMode: "always" },
  },
});
