/**
 * Reporting (spec §2 "Meal detail", §5 "Report reason", §8): a dialog asks for the reason, in the
 * spec's words; cancelling it, or leaving it empty, sends nothing.
 */

import type { TFunction } from "i18next";
import { Flag } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReasonDialog } from "@/client/components/reason-dialog";
import { Button, type ButtonProps } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/use-toast";
import type { ReportTargetType } from "@/contract/reports";
import { useCreateReport } from "../api/create-report";

/** spec §2: the question asked, in the current language. */
const prompts = (t: TFunction<"app">): Record<ReportTargetType, string> => ({
  meal: t("Please describe the reason for reporting this meal:"),
  user: t("Please describe the reason for reporting this cook:"),
  message: t("Please describe the reason for reporting this message:"),
  other: t("Please describe the reason for reporting this content:"),
});

/**
 * A report button and its reason dialog. `groupId`: a member reported from within a group both belong
 * to, so the group's moderators read it (docs/features/groups.md point 5).
 */
export function ReportButton({
  targetType,
  targetId,
  groupId,
  label,
  ...props
}: { targetType: ReportTargetType; targetId: string; groupId?: string; label: string } & ButtonProps) {
  const { t } = useTranslation("app");
  const report = useCreateReport();
  const [asking, setAsking] = useState(false);
  const send = (reason: string) =>
    report.mutate(
      { targetType, targetId, reason, ...(groupId ? { groupId } : {}) },
      {
        onSuccess: () =>
          toast({
            title: t("Report submitted"),
            description: t("Thank you for reporting this content. We'll review it shortly."),
          }),
      },
    );
  return (
    <>
      <Button
        type="button"
        aria-label={label}
        title={label}
        disabled={report.isPending}
        onClick={() => setAsking(true)}
        {...props}
      >
        <Flag className="h-4 w-4" aria-hidden="true" />
        {props.children}
      </Button>
      <ReasonDialog
        open={asking}
        onOpenChange={setAsking}
        title={label}
        label={prompts(t)[targetType]}
        submitLabel={t("Report")}
        destructive
        onSubmit={send}
      />
    </>
  );
}
