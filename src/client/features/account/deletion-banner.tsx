/**
 * The banner a member sees on every signed-in page while their account waits to be erased, with "Keep
 * my account" (docs/decisions/017). A module of its own: the shell draws it, and Settings' forms of
 * leaving.tsx are no part of a first screen (docs/decisions/019 "Less script").
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { apiRequest } from "@/client/lib/api-client";
import { useFormat } from "@/client/lib/format";
import { authKeys } from "@/client/lib/query-keys";
import type { CurrentUser } from "@/contract/auth";

/** The banner of an account waiting to be erased, with "Keep my account". */
export function DeletionBanner({ user }: { user: CurrentUser }) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const queryClient = useQueryClient();
  const keep = useMutation({
    meta: { errorMessage: t("Please try again."), serverMessage: true },
    mutationFn: async () =>
      (await apiRequest("POST", "/api/account/deletion/keep")).json() as Promise<CurrentUser>,
    onSuccess: (kept) => queryClient.setQueryData(authKeys.currentUser, kept),
  });
  if (!user.deletionScheduledFor) return null;
  return (
    <div
      role="alert"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm"
    >
      <span>
        {t("Your account will be deleted on {{date}}. Until then, nobody finds your profile.", {
          date: format.longDate(user.deletionScheduledFor),
        })}
      </span>
      <Button type="button" disabled={keep.isPending} onClick={() => keep.mutate()}>
        {t("Keep my account")}
      </Button>
    </div>
  );
}
