/**
 * Reporting (spec §2 "Meal detail", §5 "Report reason", §8): a browser prompt asks for the reason;
 * an empty or cancelled prompt sends nothing.
 */

import type { TFunction } from "i18next";
import { Flag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button, type ButtonProps } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/use-toast";
import { useCreateReport } from "@/client/features/reports/api/create-report";
import type { ReportTargetType } from "@/contract/reports";

/** spec §2: the prompt's question, in the current language. */
const prompts = (t: TFunction<"app">): Record<ReportTargetType, string> => ({
  meal: t("Please describe the reason for reporting this meal:"),
  user: t("Please describe the reason for reporting this cook:"),
  other: t("Please describe the reason for reporting this content:"),
});

export function ReportButton({
  targetType,
  targetId,
  label,
  ...props
}: { targetType: ReportTargetType; targetId: string; label: string } & ButtonProps) {
  const { t } = useTranslation("app");
  const report = useCreateReport();
  const onClick = () => {
    const reason = window.prompt(prompts(t)[targetType])?.trim();
    if (!reason) return;
    report.mutate(
      { targetType, targetId, reason },
      {
        onSuccess: () =>
          toast({
            title: t("Report submitted"),
            description: t("Thank you for reporting this content. We'll review it shortly."),
          }),
        onError: () =>
          toast({
            title: t("Error"),
            description: t("Failed to submit report. Please try again."),
            variant: "destructive",
          }),
      },
    );
  };
  return (
    <Button
      type="button"
      aria-label={label}
      title={label}
      disabled={report.isPending}
      onClick={onClick}
      {...props}
    >
      <Flag className="h-4 w-4" aria-hidden="true" />
      {props.children}
    </Button>
  );
}
