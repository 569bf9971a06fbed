/** `POST /api/reports` (spec §7). */
import { type MutationMeta, useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/client/lib/api-client";
import type { CreateReportInput } from "@/contract/reports";

/** @param meta what a failure says; spec §8's report failure unless given (the contact form's differs) */
export function useCreateReport(meta?: MutationMeta) {
  const { t } = useTranslation("app");
  return useMutation({
    meta: meta ?? { errorMessage: t("Failed to submit report. Please try again.") },
    mutationFn: async (input: CreateReportInput) => {
      await apiRequest("POST", "/api/reports", input);
    },
  });
}
