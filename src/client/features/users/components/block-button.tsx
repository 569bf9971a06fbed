/**
 * 'Block user' with a confirmation (docs/features/food-safety.md point 5), and Unblock once blocked.
 * Used on public profiles and in threads; the server refuses requests and messages between the two
 * afterwards.
 */
import { Ban } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/use-toast";
import { useSetBlocked } from "../api/profiles";

/** The confirmation before blocking `name`, saying what a block does. */
function ConfirmBlock({
  name,
  open,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation("app");
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("Block {{name}}?", { name })}</AlertDialogTitle>
          <AlertDialogDescription>
            {t(
              "Neither of you will be able to request the other's meals or send the other messages, and you will no longer see each other's meals. You can unblock them in Settings.",
            )}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("Cancel")}</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: "destructive" })} onClick={onConfirm}>
            {t("Block")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** "Block user" with its confirmation, or "Unblock" once blocked; `onChange` hears the new state. */
export function BlockButton({
  userId,
  name,
  blocked,
  onChange,
}: {
  userId: string;
  /** The person's name, for the confirmation. */
  name: string;
  blocked: boolean;
  onChange?: (blocked: boolean) => void;
}) {
  const { t } = useTranslation("app");
  const [confirming, setConfirming] = useState(false);
  const setBlocked = useSetBlocked();
  const run = (next: boolean) =>
    setBlocked.mutate(
      { userId, blocked: next },
      {
        onSuccess: () => {
          toast({
            title: next ? t("{{name}} is blocked.", { name }) : t("{{name}} is unblocked.", { name }),
          });
          onChange?.(next);
        },
      },
    );

  if (blocked) {
    return (
      <Button variant="outline" size="sm" disabled={setBlocked.isPending} onClick={() => run(false)}>
        {t("Unblock")}
      </Button>
    );
  }
  return (
    <>
      <Button variant="outline" size="sm" disabled={setBlocked.isPending} onClick={() => setConfirming(true)}>
        <Ban aria-hidden="true" /> {t("Block user")}
      </Button>
      <ConfirmBlock name={name} open={confirming} onOpenChange={setConfirming} onConfirm={() => run(true)} />
    </>
  );
}
