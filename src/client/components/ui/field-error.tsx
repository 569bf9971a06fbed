/**
 * A form control's error line and the attributes that tie it to the control, so screen readers
 * announce which field is wrong (docs/features/safety-and-admin.md "Accessibility"). Used by every form
 * with field errors; the message (a contract rule's, or the server's) reads in the app's language
 * (docs/features/languages-currency-impact.md).
 */
import { useMessages } from "@/client/lib/messages";

/** Error line of the control with id `id`; nothing when there is no message. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return <FieldErrorLine id={id} message={message} />;
}

// Apart, so a form without errors does not wait for the messages catalogue.
function FieldErrorLine({ id, message }: { id: string; message: string }) {
  const say = useMessages();
  return (
    <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
      {say(message)}
    </p>
  );
}

/** The control's id and its invalid state, pointing at its `FieldError`. */
export function fieldAria(id: string, message?: string, helpId?: string) {
  const describedBy = [helpId, message ? `${id}-error` : undefined].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": message ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } as const;
}
