/**
 * The page of an email's unsubscribe link, `/unsubscribe?token=` (docs/features/notifications.md point
 * 3): reachable signed in or out — the token, not a session, names the account. It says what the link
 * stops and stops it with one button (a plain visit changes nothing: mail scanners open links).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { MailX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { isNotFound, loadErrorReason, QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { StaticPage } from "@/client/components/layout/static-page";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { useCurrentUser } from "@/client/features/auth";
import { ApiError, apiRequest, getJson } from "@/client/lib/api-client";
import { useMessages } from "@/client/lib/messages";
import type { UnsubscribeState } from "@/contract/notifications";
import { CATEGORY_IN_SENTENCE } from "@/contract/plain/notifications";

export default function UnsubscribePage() {
  const { t } = useTranslation("info");
  const { t: common } = useTranslation("common");
  const say = useMessages();
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const url = `/api/unsubscribe?token=${encodeURIComponent(token)}`;
  const { user } = useCurrentUser();
  const state = useQuery({
    queryKey: [url],
    queryFn: () => getJson<UnsubscribeState>(url),
    enabled: token !== "",
  });
  const stop = useMutation({
    mutationFn: async () => (await apiRequest("POST", url)).json() as Promise<UnsubscribeState>,
  });
  const current = stop.data ?? state.data;
  const invalid =
    token === "" ||
    isNotFound(state.error) ||
    (state.error instanceof ApiError && state.error.status === 400);

  return (
    <StaticPage>
      <Card className="mx-auto w-full max-w-lg">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          <MailX className="h-10 w-10 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-bold">{t("Email preferences")}</h1>
          {invalid ? (
            <p role="alert">
              {t("This unsubscribe link is not valid. Choose what MealShare sends you in Settings.")}
            </p>
          ) : state.isError ? (
            <QueryError
              title={t("Could not load this link")}
              error={state.error}
              onRetry={() => state.refetch()}
              retrying={state.isRefetching}
            />
          ) : !current ? (
            <Spinner label={t("Loading")} />
          ) : current.unsubscribed ? (
            <p role="status">
              {t("You no longer get {{category}} emails at {{email}}.", {
                category: say(CATEGORY_IN_SENTENCE[current.category]),
                email: current.email,
              })}
            </p>
          ) : (
            <>
              <p>
                {t("Stop {{category}} emails to {{email}}? You still see everything in the app.", {
                  category: say(CATEGORY_IN_SENTENCE[current.category]),
                  email: current.email,
                })}
              </p>
              {stop.isError && (
                <p role="alert" className="text-sm text-destructive">
                  {loadErrorReason(stop.error, common)}
                </p>
              )}
              <Button type="button" onClick={() => stop.mutate()} disabled={stop.isPending}>
                {t("Unsubscribe")}
              </Button>
            </>
          )}
          {user ? (
            <Link href="/settings" className="text-sm text-primary underline">
              {t("Choose what MealShare sends you")}
            </Link>
          ) : (
            <a
              href="/api/login?returnTo=%2Fprofile%3Ftab%3Dsettings"
              className="text-sm text-primary underline"
            >
              {t("Sign in to choose what MealShare sends you")}
            </a>
          )}
        </CardContent>
      </Card>
    </StaticPage>
  );
}
