/** The alerts feature's public face (docs/features/neighbourhood.md point 6). */
export { useAlerts } from "./api/alerts";
export { AlertList } from "./components/alert-list";
export { SaveAlertButton } from "./components/save-alert-button";
