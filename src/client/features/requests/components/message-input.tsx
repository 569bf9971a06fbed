/** The thread's message box (spec §2): trimmed, non-empty; Enter sends, Shift+Enter breaks the line. */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { MESSAGE_MAX } from "@/contract/requests";
import { useSendMessage } from "../api/send-message";

/** spec §2: trimmed, non-empty; Enter sends (Shift+Enter for a new line). */
export function MessageInput({ requestId }: { requestId: string }) {
  const { t } = useTranslation("app");
  const [body, setBody] = useState("");
  const send = useSendMessage(requestId);
  const inputId = useId();
  const trimmed = body.trim();

  const submit = () => {
    if (!trimmed || send.isPending) return;
    send.mutate(trimmed, { onSuccess: () => setBody("") });
  };

  return (
    // Sticky: on a phone the box stays in reach while the thread scrolls (docs/features/everyday-journey.md).
    <form
      className="sticky bottom-0 z-10 -mx-1 flex flex-col gap-2 border-t bg-background/95 px-1 pt-2 pb-3 backdrop-blur"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Label htmlFor={inputId}>{t("Message")}</Label>
      <div className="flex items-end gap-2">
        <Textarea
          id={inputId}
          value={body}
          rows={2}
          maxLength={MESSAGE_MAX}
          placeholder={t("Type a message...")}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Button type="submit" disabled={!trimmed || send.isPending}>
          {t("Send")}
        </Button>
      </div>
    </form>
  );
}
