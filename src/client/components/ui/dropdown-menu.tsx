/**
 * The dropdown menu's parts (shadcn/ui's, on Radix's), loaded when first wanted: see on-demand.tsx.
 * The same names and props as dropdown-menu-radix.tsx.
 */
import { onDemand } from "./on-demand";

const menu = onDemand(
  () => import("./dropdown-menu-radix"),
  { root: "DropdownMenu", trigger: "DropdownMenuTrigger" },
  "menu",
);

export const DropdownMenu = menu.Root;
export const DropdownMenuTrigger = menu.Trigger;
export const DropdownMenuContent = menu.part("DropdownMenuContent");
export const DropdownMenuItem = menu.part("DropdownMenuItem");
export const DropdownMenuCheckboxItem = menu.part("DropdownMenuCheckboxItem");
export const DropdownMenuLabel = menu.part("DropdownMenuLabel");
export const DropdownMenuSeparator = menu.part("DropdownMenuSeparator");
