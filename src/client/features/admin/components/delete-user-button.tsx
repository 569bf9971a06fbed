/**
 * An admin deletes a member's account (docs/decisions/017), as the member would: the reason is required
 * and kept without the member's data; the account is hidden for `ACCOUNT_DELETION_DAYS`, then erased.
 * On the member's public profile, beside Suspend.
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReasonDialog } from "@/client/components/reason-dialog";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/use-toast";
import { apiRequest } from "@/client/lib/api-client";

export function DeleteUserButton({ userId }: { userId: string }) {
  const { t } = useTranslation("app");
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    meta: { errorMessage: t("Please try again."), serverMessage: true },
    mutationFn: (reason: string) => apiRequest("POST", `/api/admin/users/${userId}/delete`, { reason }),
    onSuccess: () =>
      toast({
        title: t("Account deleted"),
        description: t(
          "Their sessions ended, their open meals and requests were withdrawn, and nobody finds them.",
        ),
      }),
  });
  return (
    <>
      <Button size="sm" variant="outline" disabled={remove.isPending} onClick={() => setAsking(true)}>
        {t("Delete account")}
      </Button>
      <ReasonDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("Delete account")}
        label={t("Why is this account deleted? (required)")}
        submitLabel={t("Delete account")}
        destructive
        onSubmit={(reason) => remove.mutate(reason)}
      />
    </>
  );
}
