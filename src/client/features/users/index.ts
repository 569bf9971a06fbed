/** The users feature's public face: profiles, blocking, names. */

export { useDisplayName } from "@/client/lib/display-name";
export * from "./api/profiles";
export * from "./api/users";
export { BlockButton } from "./components/block-button";
export { BlockedUsers } from "./components/blocked-users";
export { ProfileHeader } from "./components/profile-header";
export { ProfileMeals } from "./components/profile-meals";
export { ProfileReviews } from "./components/profile-reviews";
export { ProfileSettingsForm } from "./components/profile-settings-form";
export { PublicProfileCard } from "./components/public-profile-card";
export { ReliabilityLine } from "./components/reliability-line";
export { RoleToggle } from "./components/role-toggle";
export { useAccountLanguage } from "./use-account-language";
