/** The reports feature's public face: what pages and other features may use. */
export { useCreateReport } from "./api/create-report";
export { ReportButton } from "./components/report-button";
