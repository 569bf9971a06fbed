/**
 * The thread's message box (spec §2): trimmed, non-empty; Enter sends, Shift+Enter breaks the line.
 * Above it, the quick replies, one tap each (docs/features/handover.md point 2); beside it, a photo to
 * send (point 1). On a phone it is one row or two, so the newest message stays in view above it.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { UploadPhotoButton } from "@/client/features/photos";
import { NewcomerNote } from "@/client/features/trust";
import { useMessages } from "@/client/lib/messages";
import { MESSAGE_MAX, QUICK_REPLIES, QUICK_REPLY_TEXT } from "@/contract/plain/requests";
import { useSendMessage } from "../api/send-message";

/** Text that holds a link, for when to say the newcomers' link limit (the server counts them itself). */
const LOOKS_LIKE_LINK = /https?:\/\/|www\.|\w\.(com|org|net|me|app|ly)\b/i;

/** spec §2: trimmed, non-empty; Enter sends (Shift+Enter for a new line). */
/** @param quickReplies the server's word on whether the quick replies apply now (an accepted pickup) */
export function MessageInput({ requestId, quickReplies }: { requestId: string; quickReplies: boolean }) {
  const { t } = useTranslation("app");
  const [body, setBody] = useState("");
  const send = useSendMessage(requestId);
  const say = useMessages();
  const inputId = useId();
  const trimmed = body.trim();

  const submit = () => {
    if (!trimmed || send.isPending) return;
    send.mutate({ body: trimmed }, { onSuccess: () => setBody("") });
  };

  return (
    // Sticky: on a phone the box stays in reach while the thread scrolls (docs/features/everyday-journey.md).
    <form
      className="sticky bottom-0 z-10 -mx-1 flex flex-col gap-2 border-t bg-background/95 px-1 pt-2 pb-2 backdrop-blur"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {quickReplies && (
        // One row that scrolls sideways: the box stays low enough to leave the thread in view.
        <fieldset className="-mx-1 flex min-w-0 gap-2 overflow-x-auto px-1 pb-1" data-testid="quick-replies">
          <legend className="sr-only">{t("Quick replies")}</legend>
          {QUICK_REPLIES.map((kind) => (
            <Button
              key={kind}
              type="button"
              size="sm"
              variant="outline"
              className="shrink-0 rounded-full"
              disabled={send.isPending}
              onClick={() => send.mutate({ kind })}
            >
              {say(QUICK_REPLY_TEXT[kind])}
            </Button>
          ))}
        </fieldset>
      )}
      <Label htmlFor={inputId} className="sr-only">
        {t("Message")}
      </Label>
      <div className="flex items-end gap-2">
        {/* The text in the box goes with the photo as its caption (docs/features/handover.md point 1). */}
        <UploadPhotoButton
          iconOnly
          label={t("Add a photo")}
          note={t("What you typed above goes with it as its caption.")}
          disabled={send.isPending}
          register={async (photoURL) => {
            await send.mutateAsync({ photoURL, ...(trimmed ? { body: trimmed } : {}) });
            setBody("");
          }}
        />
        <Textarea
          id={inputId}
          value={body}
          rows={1}
          maxLength={MESSAGE_MAX}
          placeholder={t("Type a message...")}
          className="max-h-32 min-h-10 field-sizing-content"
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
      {/* The link limit, said as the first link is typed (docs/decisions/020 "Limits"). */}
      {LOOKS_LIKE_LINK.test(body) && <NewcomerNote limit="linksPerText" />}
    </form>
  );
}
