/** The draw's public face (docs/features/fair-shares.md): what pages may use. */
export { useDraw } from "./api/draws";
export { DrawCheck } from "./components/draw-check";
export { AfterDraw, DrawPanel } from "./components/draw-panel";
export { DrawResults } from "./components/draw-results";
export { FairUseLine } from "./components/fair-use-line";
