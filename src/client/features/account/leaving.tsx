/**
 * Your data and leaving (docs/decisions/017): Settings → Your data ("Download my data", a ZIP a day,
 * its link for 7 days), Settings → Delete my account (what happens, said exactly, then confirmed by an
 * emailed code or a passkey — or, with a provider, by a recent sign-in). The banner of an account
 * waiting to be erased is deletion-banner.tsx, which every signed-in page draws.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { LEFT_NOTICE_KEY } from "@/client/features/landing";
import { ApiError, apiRequest, errorMessage } from "@/client/lib/api-client";
import { useFormat } from "@/client/lib/format";
import type { DataExport, DeletionScheduled } from "@/contract/account";
import type { CurrentUser } from "@/contract/auth";
import { EmailedCodeField } from "./emailed-code-field";

const EXPORTS = ["/api/account/exports"] as const;

/** Settings → Your data. */
export function DataExportSettings() {
  const { t } = useTranslation("app");
  const format = useFormat();
  const queryClient = useQueryClient();
  const exports = useQuery<DataExport[]>({
    queryKey: EXPORTS,
    // While one is being made, look again now and then: it takes seconds.
    refetchInterval: (query) => (query.state.data?.some((item) => !item.readyAt) ? 3000 : false),
  });
  // One press: the export asked for here downloads by itself once it is ready (docs/features/
  // everyday-journey.md); its link stays in the list for the 7 days.
  const [awaited, setAwaited] = useState<string | null>(null);
  const ask = useMutation({
    meta: { errorMessage: t("Please try again."), serverMessage: true },
    mutationFn: async () => (await apiRequest("POST", "/api/account/exports")).json() as Promise<DataExport>,
    onSuccess: (asked) => {
      setAwaited(asked.id);
      return queryClient.invalidateQueries({ queryKey: EXPORTS });
    },
  });
  const ready = exports.data?.find((item) => item.id === awaited && item.url);
  useEffect(() => {
    if (!ready?.url) return;
    setAwaited(null);
    window.location.assign(ready.url);
  }, [ready]);
  const size = (bytes: number) => format.number(bytes / 1_048_576, { maximumFractionDigits: 1 });

  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t("Your data")}</h2>
        <p className="text-sm text-muted-foreground">
          {t(
            "Download everything MealShare holds about you — profile, meals, threads, reviews, photos — as a ZIP of JSON files. One a day; its link works for 7 days, for you only.",
          )}
        </p>
        {exports.isError && (
          <QueryError
            title={t("Could not load your exports")}
            error={exports.error}
            onRetry={() => exports.refetch()}
            retrying={exports.isRefetching}
            compact
          />
        )}
        {exports.data && exports.data.length > 0 && (
          <ul className="flex flex-col gap-2" aria-label={t("Your exports")}>
            {exports.data.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>{t("Asked for {{when}}", { when: format.ago(item.createdAt) })}</span>
                {!item.readyAt && <span role="status">{t("Being prepared…")}</span>}
                {item.url && item.sizeBytes !== null && item.expiresAt && (
                  <a className="font-medium text-primary underline" href={item.url} download>
                    {t("Download ({{size}} MB, until {{date}})", {
                      size: size(item.sizeBytes),
                      date: format.longDate(item.expiresAt),
                    })}
                  </a>
                )}
                {item.readyAt && !item.url && <span className="text-muted-foreground">{t("Expired")}</span>}
              </li>
            ))}
          </ul>
        )}
        <Button
          type="button"
          variant="outline"
          className="self-start"
          disabled={ask.isPending}
          onClick={() => ask.mutate()}
        >
          {t("Download my data")}
        </Button>
      </CardContent>
    </Card>
  );
}

/** What leaving does, said exactly before it is confirmed (docs/decisions/017 "Leaving"). */
function WhatLeavingDoes({ graceDays }: { graceDays: number }) {
  const { t } = useTranslation("app");
  return (
    <ul className="list-disc space-y-1 ps-5 text-sm text-muted-foreground">
      <li>
        {t(
          "You are signed out everywhere. Your open meals are withdrawn and your open requests cancelled; each neighbour concerned is told.",
        )}
      </li>
      {graceDays > 0 && (
        <li>
          {t(
            "For {{count}} days nobody finds your profile. Sign in during that time and press Keep my account to undo it.",
            { count: graceDays },
          )}
        </li>
      )}
      <li>
        {t(
          'Then your name becomes "Former member". Your email, home area, allergies, photos, alerts, passkeys and sessions are deleted; your messages read "Message removed" (kept while a report about the thread is open); reviews by and about you are deleted.',
        )}
      </li>
      <li>
        {t(
          "Your groups pass to their longest-standing moderator or member. The neighbourhood's totals keep their counts, without your name. Your email can later make a new account.",
        )}
      </li>
    </ul>
  );
}

/**
 * The ways to confirm leaving — an emailed code, a passkey, or a recent sign-in with a provider —
 * and what each answers: the scheduled erasure (`onDone`) or an error (`onError`).
 */
function useLeavingConfirmations(onError: (caught: unknown) => void) {
  const format = useFormat();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const done = async (answer: Response) => {
    const { eraseAfter } = (await answer.json()) as DeletionScheduled;
    // Signed out everywhere: the app starts again from its front page, which says what happened
    // (landing/components/left-notice.tsx) — once, in this tab.
    window.sessionStorage.setItem(LEFT_NOTICE_KEY, format.longDate(eraseAfter));
    window.location.assign("/");
  };
  const sendCode = useMutation({
    mutationFn: async () =>
      (await apiRequest("POST", "/api/account/deletion/code")).json() as Promise<{ sentTo: string }>,
    onSuccess: (answer) => setSentTo(answer.sentTo),
    onError,
  });
  const confirm = useMutation({
    mutationFn: (body: object) => apiRequest("POST", "/api/account/deletion", body),
    onSuccess: done,
    onError,
  });
  const withPasskey = useMutation({
    mutationFn: async () => {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const { challengeId, options } = (await (
        await apiRequest("POST", "/api/login/passkey/options")
      ).json()) as { challengeId: string; options: Parameters<typeof startAuthentication>[0]["optionsJSON"] };
      const response = await startAuthentication({ optionsJSON: options });
      return apiRequest("POST", "/api/account/deletion", { passkey: { challengeId, response } });
    },
    onSuccess: done,
    onError,
  });
  const busy = sendCode.isPending || confirm.isPending || withPasskey.isPending;
  return { sentTo, sendCode, confirm, withPasskey, busy };
}

/** Settings → Delete my account. */
export function DeleteAccountSettings({ user }: { user: CurrentUser }) {
  const { t } = useTranslation("app");
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const emailSignIn = user.signIn === "email";
  const { sentTo, sendCode, confirm, withPasskey, busy } = useLeavingConfirmations((caught) => {
    if (caught instanceof Error && caught.name === "NotAllowedError") return;
    setError(errorMessage(caught, t("Please try again.")));
  });
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate({ code });
  };
  const signInAgain = error !== null && confirm.error instanceof ApiError && confirm.error.status === 403;

  return (
    <Card className="border-destructive/40">
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t("Delete my account")}</h2>
        <WhatLeavingDoes graceDays={user.deletionGraceDays} />
        {!open ? (
          <Button type="button" variant="destructive" className="self-start" onClick={() => setOpen(true)}>
            {t("Delete my account")}
          </Button>
        ) : !emailSignIn ? (
          <Button
            type="button"
            variant="destructive"
            className="self-start"
            disabled={busy}
            onClick={() => confirm.mutate({})}
          >
            {t("Delete my account for good")}
          </Button>
        ) : !sentTo ? (
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              onClick={() => {
                setError(null);
                sendCode.mutate();
              }}
            >
              {t("Email me a code to confirm")}
            </Button>
            <Button type="button" variant="outline" disabled={busy} onClick={() => withPasskey.mutate()}>
              {t("Confirm with a passkey")}
            </Button>
          </div>
        ) : (
          <form onSubmit={submitCode} className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <EmailedCodeField sentTo={sentTo} value={code} onChange={setCode} />
            <Button type="submit" variant="destructive" disabled={busy}>
              {t("Delete my account for good")}
            </Button>
          </form>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}{" "}
            {signInAgain && (
              <a className="underline" href={`/api/login?returnTo=${encodeURIComponent("/settings")}`}>
                {t("Sign in again")}
              </a>
            )}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
