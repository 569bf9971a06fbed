/** The groups feature's public face (docs/features/groups.md). */
export {
  useAcceptInvite,
  useCreateGroup,
  useGroup,
  useGroupDirectory,
  useInvitePreview,
  useLeaveGroup,
  useMyGroups,
  useUpdateGroup,
} from "./api/groups";
export * from "./api/reviews";
export { GroupCard, useJoinRuleName } from "./components/group-card";
export { GroupForm } from "./components/group-form";
export { GroupMeals } from "./components/group-meals";
export { GroupTabs } from "./components/group-tabs";
export { InviteLinks } from "./components/invite-links";
export { JoinPanel, RulesAcceptance } from "./components/join-panel";
export { MembersList, useRoleName } from "./components/members-list";
export { ApplicationsList, GroupReports } from "./components/moderation";
export { OpenReviews } from "./components/open-reviews";
export { ReviewPanel } from "./components/review-panel";
