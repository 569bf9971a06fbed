/** The cooks feature's public face. */
export * from "./api/cooks";
export { ApplicationForm } from "./components/application-form";
export { ApplicationStatus } from "./components/application-status";
export { CookApplications } from "./components/cook-applications";
