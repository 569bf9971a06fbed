/**
 * The sheet's parts (shadcn/ui's, on Radix's dialog), loaded when first wanted: see on-demand.tsx.
 * The same names and props as sheet-radix.tsx.
 */
import { onDemand } from "./on-demand";

const sheet = onDemand(() => import("./sheet-radix"), { root: "Sheet", trigger: "SheetTrigger" }, "dialog");

export const Sheet = sheet.Root;
export const SheetTrigger = sheet.Trigger;
export const SheetClose = sheet.part("SheetClose");
export const SheetContent = sheet.part("SheetContent");
export const SheetTitle = sheet.part("SheetTitle");
export const SheetDescription = sheet.part("SheetDescription");
