/**
 * The end of a list that loads a page at a time: "Load more" while there is a next page, and when
 * loading it failed, a line that says so with Retry — never a silent stop (docs/STYLE.md "Errors
 * are never empty states").
 */
import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { Button } from "@/client/components/ui/button";

/** What of an infinite query the end of its list needs. */
export interface NextPageState {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => unknown;
}

export function LoadMore({
  query,
  label,
  errorTitle,
}: {
  query: NextPageState;
  /** The button's text; "Load more" unless the list names what comes. */
  label?: string;
  /** What failed, e.g. "Could not load more meals". */
  errorTitle: string;
}) {
  const { t } = useTranslation("app");
  if (query.isFetchNextPageError) {
    return (
      <QueryError
        compact
        title={errorTitle}
        error={query.error}
        onRetry={() => query.fetchNextPage()}
        retrying={query.isFetchingNextPage}
      />
    );
  }
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="self-center"
      onClick={() => query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
    >
      {query.isFetchingNextPage ? t("Loading...") : (label ?? t("Load more"))}
    </Button>
  );
}
