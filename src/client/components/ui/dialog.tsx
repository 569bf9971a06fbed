/**
 * The dialog's parts (shadcn/ui's, on Radix's), loaded when first wanted: see on-demand.tsx. The same
 * names and props as dialog-radix.tsx.
 */
import { onDemand } from "./on-demand";

const dialog = onDemand(
  () => import("./dialog-radix"),
  { root: "Dialog", trigger: "DialogTrigger" },
  "dialog",
);

export const Dialog = dialog.Root;
export const DialogTrigger = dialog.Trigger;
export const DialogClose = dialog.part("DialogClose");
export const DialogContent = dialog.part("DialogContent");
export const DialogHeader = dialog.part("DialogHeader");
export const DialogFooter = dialog.part("DialogFooter");
export const DialogTitle = dialog.part("DialogTitle");
export const DialogDescription = dialog.part("DialogDescription");
