/**
 * The TanStack Query client with spec §7's defaults: data never goes stale, no retries, no
 * refetch on focus, unused data kept 5 minutes. Live changes arrive by SSE, nothing polls.
 * A failed mutation is reported in one place: a 401 signs the user in again (spec §8), anything
 * else shows the mutation's `meta.errorMessage` (spec §8's text), or the server's own message
 * where spec §8 asks for it (`meta.serverMessage`).
 */
import { MutationCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { ApiError, errorMessage, getJson, handleUnauthorized, isUnauthorizedError } from "./api-client";
import { i18n } from "./i18n";
import { notify } from "./notices";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /**
       * What a failure says (spec §8's text for it). Unset: the mutation reports its failures
       * itself.
       */
      errorMessage?: string;
      /** Say the server's own message when it has one for people (spec §8 "with the server message"). */
      serverMessage?: boolean;
      /** The toast's title; "Error" unless spec §8 names another. */
      errorTitle?: string;
    };
  }
}

/** The one handler of failed mutations (see the module comment). */
export function reportMutationError(
  error: unknown,
  meta: { errorMessage: string; serverMessage?: boolean; errorTitle?: string },
): void {
  if (isUnauthorizedError(error)) {
    handleUnauthorized();
    return;
  }
  notify({
    title: meta.errorTitle ?? i18n.t("Error", { ns: "app" }),
    description: meta.serverMessage ? errorMessage(error, meta.errorMessage) : meta.errorMessage,
    variant: "destructive",
  });
}

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

/**
 * A query client with the app's defaults: the browser's one (`queryClient`), and one for each of the
 * server's renders of a first screen, whose caches no other render shares (src/client/server-render.tsx).
 */
export const makeQueryClient = (): QueryClient =>
  new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const meta = mutation.meta;
        if (meta?.errorMessage !== undefined)
          reportMutationError(error, { ...meta, errorMessage: meta.errorMessage });
      },
    }),
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

/** The browser's query client. */
export const queryClient = makeQueryClient();
