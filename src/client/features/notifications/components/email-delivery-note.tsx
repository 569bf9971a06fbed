/**
 * Settings' word when MealShare stopped emailing the member's address after repeated permanent
 * failures (docs/features/notifications.md "Mail that reaches the inbox"): since when and why, and
 * "Email me again". Nothing while mail is delivered.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { toast } from "@/client/components/ui/use-toast";
import { apiRequest } from "@/client/lib/api-client";
import { useFormat } from "@/client/lib/format";
import { authKeys } from "@/client/lib/query-keys";
import type { CurrentUser } from "@/contract/auth";

export function EmailDeliveryNote({ user }: { user: CurrentUser }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const queryClient = useQueryClient();
  const resume = useMutation({
    meta: { errorMessage: t("Please try again."), serverMessage: true },
    mutationFn: async () =>
      (await apiRequest("POST", "/api/user/email-delivery")).json() as Promise<CurrentUser>,
    onSuccess: (saved) => {
      queryClient.setQueryData(authKeys.currentUser, saved);
      toast({ title: t("MealShare emails {{email}} again.", { email: saved.email }) });
    },
  });
  if (!user.mailStoppedAt) return null;
  return (
    <Card className="border-destructive" data-testid="email-delivery-stopped">
      <CardContent className="flex flex-col gap-2 p-4">
        <h2 className="font-semibold">{t("Emails to {{email}} are stopped", { email: user.email })}</h2>
        <p className="text-sm">
          {t(
            "Since {{date}}, emails to this address were refused several times in a row, so MealShare stopped sending them. Check the address, or change it below, then ask for them again.",
            { date: f.longDate(user.mailStoppedAt) },
          )}
        </p>
        <Button
          type="button"
          variant="outline"
          className="self-start"
          disabled={resume.isPending}
          onClick={() => resume.mutate()}
        >
          {t("Email me again")}
        </Button>
      </CardContent>
    </Card>
  );
}
