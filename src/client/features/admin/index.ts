/** The admin feature's public face. */
export { useAdminDisputes } from "./api/disputes";
export { useAdminReports, useAdminStats } from "./api/reports";
export { DeleteUserButton } from "./components/delete-user-button";
export { DisputeList } from "./components/dispute-list";
export { ExportTools } from "./components/export-tools";
export { OpenReports, ResolvedReports } from "./components/reports-lists";
export { StatCard } from "./components/stat-card";
export { SuspendUserButton } from "./components/suspend-user-button";
export { useAdminOnly } from "./hooks/use-admin-only";
