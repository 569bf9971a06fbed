/**
 * `GET /api/admin/mailinglist.csv` with credentials (spec §7), saved as mailing-list.csv through
 * a temporary object URL.
 */
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/client/lib/api-client";

export function useExportMailingList() {
  const { t } = useTranslation("app");
  return useMutation({
    meta: {
      errorTitle: t("Export failed"),
      errorMessage: t("Failed to export mailing list. Please try again."),
    },
    mutationFn: async () => {
      const blob = await (await apiRequest("GET", "/api/admin/mailinglist.csv")).blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = "mailing-list.csv";
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked on the next turn: the download has started by then.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
  });
}
