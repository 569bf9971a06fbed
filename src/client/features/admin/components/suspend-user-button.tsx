/**
 * Suspending a member, or lifting it (docs/decisions; spec §6 "Admin"): one button for the admin's
 * report list and the member's public profile. Suspending asks for the reason, which is required;
 * the server ends the member's sessions and live streams and hides their meals.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReasonDialog } from "@/client/components/reason-dialog";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/use-toast";
import { useSuspendUser } from "../api/reports";

export function SuspendUserButton({
  userId,
  suspended = false,
  open,
  onOpenChange,
}: {
  userId: string;
  suspended?: boolean;
  /** The reason dialog opened from outside (the review queue's S key), with `onOpenChange`. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const { t } = useTranslation("app");
  const suspend = useSuspendUser();
  const [askingHere, setAskingHere] = useState(false);
  const asking = askingHere || Boolean(open);
  const setAsking = (next: boolean) => {
    setAskingHere(next);
    onOpenChange?.(next);
  };
  const run = (reason?: string) =>
    suspend.mutate(
      { userId, reason },
      {
        onSuccess: () =>
          toast({
            title: suspended ? t("User unsuspended") : t("User suspended"),
            description: suspended
              ? t("They can sign in again and their meals are back.")
              : t("Their sessions ended and their meals are hidden."),
          }),
      },
    );
  return (
    <>
      <Button
        size="sm"
        variant={suspended ? "outline" : "destructive"}
        disabled={suspend.isPending}
        onClick={() => (suspended ? run() : setAsking(true))}
      >
        {suspended ? t("Unsuspend user") : t("Suspend user")}
      </Button>
      <ReasonDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("Suspend user")}
        label={t("Why is this account suspended? (required)")}
        submitLabel={t("Suspend user")}
        destructive
        onSubmit={(reason) => run(reason)}
      />
    </>
  );
}
