/** `POST /api/reports` (spec §7). */
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import type { CreateReportInput } from "@/contract/reports";

export function useCreateReport() {
  return useMutation({
    mutationFn: async (input: CreateReportInput) => {
      await apiRequest("POST", "/api/reports", input);
    },
  });
}
