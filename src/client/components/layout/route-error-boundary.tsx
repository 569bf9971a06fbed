/**
 * What a route shows when rendering it throws (docs/STYLE.md "Errors are never empty states"): it says
 * so and offers Retry, instead of a blank page. Retry loads the page's data afresh and renders it
 * again; a page whose code failed to download (an app update meanwhile) is fetched again by
 * reloading. Moving to another route clears the error.
 */
import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { Button } from "@/client/components/ui/button";

/** The signed-in user's query stays: dropping it would sign the whole app out and back in. */
const CURRENT_USER_KEY = "/api/auth/user";

/** A lazily loaded page's chunk that could not be fetched; React keeps that failure, a reload does not. */
const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
    error.message,
  );

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const queryClient = useQueryClient();
  return (
    <ErrorBoundary
      FallbackComponent={RouteError}
      resetKeys={[location]}
      onReset={(details) => {
        if (details.reason !== "imperative-api") return;
        void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY });
      }}
    >
      {children}
    </ErrorBoundary>
  );
}

function RouteError({ error, resetErrorBoundary }: FallbackProps) {
  const { t } = useTranslation("common");
  const retry = () => (isChunkLoadError(error) ? window.location.reload() : resetErrorBoundary());
  return (
    <div
      role="alert"
      className="mx-auto my-12 flex max-w-lg flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-card px-6 py-12 text-center"
    >
      <AlertTriangle className="h-8 w-8 text-destructive" aria-hidden="true" />
      <div>
        <h1 className="text-lg font-semibold">{t("This page could not be shown")}</h1>
        <p className="text-muted-foreground">
          {t("Something went wrong while showing it. Please try again.")}
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" onClick={retry}>
          <RotateCw aria-hidden="true" /> {t("Retry")}
        </Button>
        <Button asChild variant="ghost">
          <Link href="/">{t("Home")}</Link>
        </Button>
      </div>
    </div>
  );
}
