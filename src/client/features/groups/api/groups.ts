/**
 * Groups (docs/features/groups.md): `/api/groups…` and `/api/invites/{token}`. Lists load a page at a
 * time through the `Link` header; every change refreshes the groups' data (`groupKeys.all`), and
 * joining, leaving or a meal taken out refreshes the meal lists too (members-only meals come and go).
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest, getPage } from "@/client/lib/api-client";
import { groupKeys, mealKeys } from "@/client/lib/query-keys";
import type {
  CreateGroupInput,
  GroupApplication,
  GroupDetail,
  GroupInvite,
  GroupMember,
  GroupReport,
  GroupSummary,
  InvitePreview,
  UpdateGroup,
} from "@/contract/groups";
import type { Meal } from "@/contract/meals";

/** The member's own groups (at most a page of 100: a member is in a handful). */
export const myGroupsQuery = queryOptions({
  queryKey: groupKeys.mine,
  queryFn: async () => (await getPage<GroupSummary>("/api/groups?mine=true&limit=100")).items,
});
export const useMyGroups = () => useQuery(myGroupsQuery);

/** The directory of listed groups, searched by `q`. */
export function useGroupDirectory(q: string) {
  const query = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: groupKeys.directory(q),
      queryFn: ({ pageParam }) => getPage<GroupSummary>(pageParam),
      initialPageParam: `/api/groups?limit=24${q ? `&q=${encodeURIComponent(q)}` : ""}`,
      getNextPageParam: (page) => page.next,
    }),
  );
  return { ...query, groups: query.data?.pages.flatMap((page) => page.items) ?? [] };
}

export const useGroup = (id: string) =>
  useQuery(queryOptions<GroupDetail>({ queryKey: groupKeys.detail(id), enabled: Boolean(id) }));

/** A group's sub-list loaded a page at a time. */
function usePagedList<T>(key: readonly unknown[], url: string, enabled: boolean) {
  const query = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: key,
      queryFn: ({ pageParam }) => getPage<T>(pageParam),
      initialPageParam: url,
      getNextPageParam: (page) => page.next,
      enabled,
    }),
  );
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) ?? [] };
}

export const useGroupMembers = (id: string, enabled: boolean) =>
  usePagedList<GroupMember>(groupKeys.members(id), `/api/groups/${id}/members`, enabled);
export const useGroupMeals = (id: string, enabled: boolean) =>
  usePagedList<Meal>(groupKeys.meals(id), `/api/groups/${id}/meals?limit=24`, enabled);
export const useApplications = (id: string, enabled: boolean) =>
  usePagedList<GroupApplication>(groupKeys.applications(id), `/api/groups/${id}/applications`, enabled);

export const useInvites = (id: string, enabled: boolean) =>
  useQuery(queryOptions<GroupInvite[]>({ queryKey: groupKeys.invites(id), enabled }));
export const useGroupReports = (id: string, enabled: boolean) =>
  useQuery(queryOptions<GroupReport[]>({ queryKey: groupKeys.reports(id), enabled }));
export const useInvitePreview = (token: string) =>
  useQuery(queryOptions<InvitePreview>({ queryKey: groupKeys.invite(token) }));

/** A change to a group: refreshes the groups, and with `meals` the meal lists too. */
function useGroupChange<Input, Output>(
  run: (input: Input) => Promise<Output>,
  errorMessage: string,
  options: { meals?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage, serverMessage: true },
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: groupKeys.all });
      if (options.meals) await queryClient.invalidateQueries({ queryKey: mealKeys.all });
    },
  });
}

const send = async <T>(method: string, url: string, body?: unknown) =>
  (await (await apiRequest(method, url, body)).json()) as T;

export function useCreateGroup() {
  const { t } = useTranslation("app");
  return useGroupChange(
    (input: CreateGroupInput) => send<GroupDetail>("POST", "/api/groups", input),
    t("Could not create the group. Please try again."),
  );
}

export function useUpdateGroup(id: string) {
  const { t } = useTranslation("app");
  return useGroupChange(
    (patch: UpdateGroup) => send<GroupDetail>("PUT", `/api/groups/${id}`, patch),
    t("Could not save the group. Please try again."),
  );
}

export function useJoinGroup(id: string) {
  const { t } = useTranslation("app");
  return useGroupChange(
    (rulesVersion: number) => send<GroupDetail>("POST", `/api/groups/${id}/join`, { rulesVersion }),
    t("Could not join the group. Please try again."),
    { meals: true },
  );
}

export function useAcceptRules(id: string) {
  const { t } = useTranslation("app");
  return useGroupChange(
    (rulesVersion: number) => send<GroupDetail>("POST", `/api/groups/${id}/rules/accept`, { rulesVersion }),
    t("Could not accept the rules. Please try again."),
  );
}

export function useLeaveGroup(id: string) {
  const { t } = useTranslation("app");
  return useGroupChange(
    () => send<unknown>("DELETE", `/api/groups/${id}/membership`),
    t("Could not leave the group. Please try again."),
    { meals: true },
  );
}

export function useApplyToGroup(id: string) {
  const { t } = useTranslation("app");
  return useGroupChange(
    (input: { answers: string[]; rulesVersion: number }) =>
      send<{ id: string }>("POST", `/api/groups/${id}/applications`, input),
    t("Could not send the application. Please try again."),
  );
}

export function useWithdrawApplication(id: string) {
  const { t } = useTranslation("app");
  return useGroupChange(
    () => send<unknown>("DELETE", `/api/groups/${id}/applications/mine`),
    t("Could not withdraw the application. Please try again."),
  );
}

export function useDecideApplication(id: string) {
  const { t } = useTranslation("app");
  return useGroupChange(
    (input: { applicationId: string; decision: "approve" | "decline"; message?: string }) =>
      send<unknown>("PUT", `/api/groups/${id}/applications/${input.applicationId}`, {
        decision: input.decision,
        ...(input.message ? { message: input.message } : {}),
      }),
    t("Could not decide the application. Please try again."),
  );
}

export function useRemoveMember(id: string) {
  const { t } = useTranslation("app");
  return useGroupChange(
    (input: { userId: string; reason: string }) =>
      send<unknown>("POST", `/api/groups/${id}/members/${input.userId}/removal`, { reason: input.reason }),
    t("Could not remove the member. Please try again."),
  );
}

export function useChangeRole(id: string) {
  const { t } = useTranslation("app");
  return useGroupChange(
    (input: { userId: string; role: "moderator" | "member" }) =>
      send<unknown>("PUT", `/api/groups/${id}/members/${input.userId}`, { role: input.role }),
    t("Could not change the role. Please try again."),
  );
}

export function useTransferOwnership(id: string) {
  const { t } = useTranslation("app");
  return useGroupChange(
    (userId: string) => send<GroupDetail>("PUT", `/api/groups/${id}/owner`, { userId }),
    t("Could not hand the group over. Please try again."),
  );
}

export function useTakeMealOut(id: string) {
  const { t } = useTranslation("app");
  return useGroupChange(
    (input: { mealId: string; reason: string }) =>
      send<unknown>("POST", `/api/groups/${id}/meals/${input.mealId}/removal`, { reason: input.reason }),
    t("Could not take the meal out. Please try again."),
    { meals: true },
  );
}

export function useCreateInvite(id: string) {
  const { t } = useTranslation("app");
  return useGroupChange(
    (days: number) => send<GroupInvite>("POST", `/api/groups/${id}/invites`, { days }),
    t("Could not make an invite link. Please try again."),
  );
}

export function useRevokeInvite(id: string) {
  const { t } = useTranslation("app");
  return useGroupChange(
    (inviteId: string) => send<unknown>("DELETE", `/api/groups/${id}/invites/${inviteId}`),
    t("Could not revoke the link. Please try again."),
  );
}

export function useAcceptInvite(token: string) {
  const { t } = useTranslation("app");
  return useGroupChange(
    (rulesVersion: number) =>
      send<{ groupId: string }>("POST", `/api/invites/${token}/accept`, { rulesVersion }),
    t("Could not join the group. Please try again."),
    { meals: true },
  );
}
