/**
 * Whether the page is on a phone or another touch screen: a coarse pointer, or a screen as narrow
 * as a phone's. Words such as "click", "drop" or "hover" are for the others
 * (docs/features/everyday-journey.md).
 * @returns true on a touch screen; false where there is no window (tests outside a browser)
 */
export function isTouchScreen(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(pointer: coarse), (max-width: 639px)").matches;
}
