/**
 * A dialog that asks for a required reason (reporting content, suspending an account, rejecting
 * a cook's application): a labelled text area a screen reader announces and a keyboard reaches,
 * in the app's language — where a browser prompt was neither. Cancel or Escape sends nothing; an
 * empty reason is refused in the dialog itself.
 */
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";
import { FieldError, fieldAria } from "@/client/components/ui/field-error";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";

/** Longest reason the server takes (reports, suspensions and rejections alike). */
const REASON_MAX = 1000;

export function ReasonDialog({
  open,
  onOpenChange,
  title,
  label,
  submitLabel,
  destructive = false,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question, as the text area's label. */
  label: string;
  submitLabel: string;
  destructive?: boolean;
  /** Called with the trimmed, non-empty reason; the dialog then closes. */
  onSubmit: (reason: string) => void;
}) {
  const { t } = useTranslation("app");
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const id = useId();
  const close = (next: boolean) => {
    if (!next) {
      setReason("");
      setMissing(false);
    }
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) return setMissing(true);
    onSubmit(trimmed);
    close(false);
  };
  const error = missing ? t("Please give a reason.") : undefined;
  return (
    <AlertDialog open={open} onOpenChange={close}>
      <AlertDialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription className="sr-only">{label}</AlertDialogDescription>
          </AlertDialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={id}>{label}</Label>
            <Textarea
              {...fieldAria(id, error)}
              value={reason}
              rows={3}
              maxLength={REASON_MAX}
              required
              onChange={(event) => {
                setReason(event.target.value);
                if (missing) setMissing(false);
              }}
            />
            <FieldError id={id} message={error} />
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel type="button">{t("Cancel")}</AlertDialogCancel>
            <Button type="submit" variant={destructive ? "destructive" : "default"}>
              {submitLabel}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
