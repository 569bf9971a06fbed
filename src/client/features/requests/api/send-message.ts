/**
 * `POST /api/requests/{id}/messages` (spec §7). The answer is written into the thread's cache at
 * once; the same message arriving over SSE is recognised by id and not shown twice.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "@/client/lib/api-client";
import { requestKeys } from "@/client/lib/query-keys";
import type { MealRequestDetail, Message, QuickReply } from "@/contract/requests";

/** Appends `message` to a cached thread unless it is already there. */
export function appendMessage(thread: MealRequestDetail | undefined, message: Message) {
  if (!thread || thread.messages.some((existing) => existing.id === message.id)) return thread;
  return { ...thread, messages: [...thread.messages, message] };
}

export function useSendMessage(requestId: string) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t("Failed to send message. Please try again.") },
    /**
     * A typed message, a quick reply's kind (docs/features/handover.md point 2), or an uploaded photo
     * with an optional caption (point 1).
     */
    mutationFn: async (
      input: { body: string } | { kind: QuickReply } | { photoURL: string; body?: string },
    ) => (await apiRequest("POST", `/api/requests/${requestId}/messages`, input)).json() as Promise<Message>,
    onSuccess: (message) => {
      queryClient.setQueryData<MealRequestDetail>(requestKeys.detail(requestId), (thread) =>
        appendMessage(thread, message),
      );
    },
  });
}
