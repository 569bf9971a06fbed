/** The home area feature's public face (docs/features/neighbourhood.md point 1). */
export { useClearHomeArea, useSetHomeArea } from "./api/home-area";
export { HomeAreaDialog } from "./components/home-area-dialog";
export { HomeAreaEditor } from "./components/home-area-editor";
export { HomeAreaPrompt } from "./components/home-area-prompt";
export { HomeAreaSettings } from "./components/home-area-settings";
