/**
 * What a failed load shows: it says so and offers Retry (docs/STYLE.md "Errors are never empty
 * states"). The text says whether the network or the server failed, or gives the server's word.
 */

import type { TFunction } from "i18next";
import { AlertTriangle, RotateCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { ApiError } from "@/client/lib/api-client";

/** The load failed because the thing is not there (or not the viewer's to see): a 404. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * A short reason for a failed load, in words a neighbour understands (the server's own message
 * comes in the app's language already).
 */
export function loadErrorReason(error: unknown, t: TFunction<"common">): string {
  if (error instanceof ApiError) {
    return error.status >= 500
      ? t("The server could not answer just now. Please try again.")
      : error.serverMessage;
  }
  return t("Check your connection and try again.");
}

export function QueryError({
  title,
  error,
  onRetry,
  retrying = false,
  compact = false,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  /** A one-line version, e.g. under a list whose next page failed. */
  compact?: boolean;
}) {
  const { t } = useTranslation("common");
  return (
    <div
      role="alert"
      className={
        compact
          ? "flex flex-wrap items-center justify-center gap-3 text-sm"
          : "flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-card px-6 py-12 text-center"
      }
    >
      {!compact && <AlertTriangle className="h-8 w-8 text-destructive" aria-hidden="true" />}
      <div>
        <h3 className={compact ? "font-medium" : "text-lg font-semibold"}>{title}</h3>
        <p className="text-muted-foreground">{loadErrorReason(error, t)}</p>
      </div>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden="true" className={retrying ? "animate-spin" : undefined} />
        {retrying ? t("Retrying...") : t("Retry")}
      </Button>
    </div>
  );
}
