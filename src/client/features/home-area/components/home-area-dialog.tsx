/**
 * The home area editor in a dialog, opened by the member from a list's prompt or from Settings (the
 * prompt itself never blocks the page: docs/features/neighbourhood.md point 1).
 */
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/client/components/ui/dialog";
import { toast } from "@/client/components/ui/use-toast";
import type { HomeArea } from "@/contract/places";
import { HomeAreaEditor } from "./home-area-editor";

export function HomeAreaDialog({ current, trigger }: { current: HomeArea | null; trigger: ReactNode }) {
  const { t } = useTranslation("app");
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("Your home area")}</DialogTitle>
          <DialogDescription>
            {t("Meals near it come first, and your alerts are drawn around it.")}
          </DialogDescription>
        </DialogHeader>
        {open && (
          <HomeAreaEditor
            current={current}
            onCancel={() => setOpen(false)}
            onSaved={() => {
              setOpen(false);
              toast({ title: t("Home area saved") });
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
