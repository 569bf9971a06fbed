/** The container label's public face (docs/features/handover.md point 3): what pages may use. */
export { usePrintLabel, usePublicLabel } from "./api/labels";
export { LabelContent } from "./components/label-content";
export { PrintSheet } from "./components/print-sheet";
