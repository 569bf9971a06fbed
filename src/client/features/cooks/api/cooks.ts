/**
 * Registered cooks (docs/features/food-safety.md point 4): applying (the document goes through the same
 * upload flow as photos, as a `document` of at most 10 MB, then the form is sent with its upload URL),
 * one's own applications, and the admins' list and decisions.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { currentUserQuery } from "@/client/features/auth";
import { apiRequest, throwIfNotOk } from "@/client/lib/api-client";
import type { CookApplication, CookApplicationInput, CookApplicationStatus } from "@/contract/cooks";
import type { UploadParams } from "@/contract/photos";

export const myApplicationsQuery = queryOptions<CookApplication[]>({
  queryKey: ["/api/cook-applications/mine"],
});
export const useMyApplications = () => useQuery(myApplicationsQuery);

/**
 * PUTs the document to a fresh single-use upload URL.
 * @returns the upload URL the application names
 */
async function uploadDocument(file: File): Promise<string> {
  const params = (await (
    await apiRequest("POST", "/api/objects/upload", { purpose: "document", contentLength: file.size })
  ).json()) as UploadParams;
  const put = await fetch(params.uploadURL, { method: "PUT", body: file, credentials: "include" });
  await throwIfNotOk(put);
  return params.uploadURL;
}

/** Uploads the document, then files the application. */
export function useSubmitApplication() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Failed to send your application. Please try again."), serverMessage: true },
    mutationFn: async ({ file, ...fields }: Omit<CookApplicationInput, "documentURL"> & { file: File }) => {
      const documentURL = await uploadDocument(file);
      return (
        await apiRequest("POST", "/api/cook-applications", { ...fields, documentURL })
      ).json() as Promise<CookApplication>;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myApplicationsQuery.queryKey }),
  });
}

export const cookApplicationsQuery = (status: CookApplicationStatus) =>
  queryOptions<{ applications: CookApplication[]; pending: number }>({
    queryKey: ["/api/admin/cook-applications", { status }],
    queryFn: async () => (await apiRequest("GET", `/api/admin/cook-applications?status=${status}`)).json(),
  });

/** Admins only: the applications of a status and the pending count. */
export const useCookApplications = (status: CookApplicationStatus, enabled: boolean) =>
  useQuery({ ...cookApplicationsQuery(status), enabled });

/** Approves, or rejects with a reason; the lists refresh after. */
export function useDecideApplication() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Please try again."), serverMessage: true },
    mutationFn: async ({ id, reason }: { id: string; reason?: string }) =>
      (
        await apiRequest(
          "PUT",
          `/api/admin/cook-applications/${id}/${reason === undefined ? "approve" : "reject"}`,
          reason === undefined ? undefined : { reason },
        )
      ).json() as Promise<CookApplication>,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ["/api/admin/cook-applications"] });
      queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
  });
}
