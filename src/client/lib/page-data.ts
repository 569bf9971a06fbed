/**
 * Pages that declare their data (docs/ARCHITECTURE.md "Pages"): a page module may export a `loader`
 * that says, from its URL and its viewer, which queries its first screen shows. The browser's router
 * starts them with the page's code (src/client/app/routes.ts), and the server's first render fetches
 * them through the API before drawing the page and puts their answers inside it
 * (src/client/server-render.tsx) — the page's own query options, so nothing else describes its data.
 */
import type {
  FetchInfiniteQueryOptions,
  FetchQueryOptions,
  QueryClient,
  QueryKey,
} from "@tanstack/react-query";
import type { CurrentUser } from "@/contract/auth";

/**
 * One query a page's first screen shows: its `queryOptions` or `infiniteQueryOptions` (told apart by
 * the `initialPageParam` only an infinite query has), each answering its own type.
 */
export interface PageQuery {
  queryKey: QueryKey;
  initialPageParam?: unknown;
}

/**
 * A page's loader: the queries its first screen shows for `viewer` at this URL, none when it waits
 * for what only the browser knows (this device's position, for "Near me").
 * @param params the path's parameters (`{ id }` for `/meal/:id`)
 * @param search the URL's query
 */
export type PageLoader = (
  params: Record<string, string>,
  search: URLSearchParams,
  viewer: CurrentUser,
) => readonly PageQuery[];

/** What a page module holds: its component and, for a page that declares its data, its loader. */
export interface PageModule {
  default: React.ComponentType;
  loader?: PageLoader;
}

/**
 * Fetches `queries` into `client` (a list's first page for an infinite query). Resolves when each has
 * answered or failed — a failure is the page's to show when it renders, so this never rejects.
 */
export async function prefetchPageQueries(client: QueryClient, queries: readonly PageQuery[]): Promise<void> {
  await Promise.all(
    queries.map((query) =>
      query.initialPageParam === undefined
        ? client.prefetchQuery(query as FetchQueryOptions)
        : client.prefetchInfiniteQuery(query as FetchInfiniteQueryOptions),
    ),
  );
}
