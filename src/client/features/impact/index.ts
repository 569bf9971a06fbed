/** The impact feature's public face: the neighbourhood's figures, whole and as Home's summary. */
export { useImpact } from "./api/impact";
export { ImpactFigures } from "./components/impact-figures";
export { ImpactSummary } from "./components/impact-summary";
