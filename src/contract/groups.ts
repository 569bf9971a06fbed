/**
 * Groups (docs/features/groups.md): a building, a school or a workplace, with members-only meals. The
 * shapes of `/api/groups`, `/api/invites` and a meal's audience.
 * Its words, limits and pure rules live in `./plain/groups.ts`, which this module re-exports;
 * the browser imports that one (docs/decisions/015 "Phones").
 */
import { z } from "zod";
import { abilitySchema } from "./abilities";
import { isoDateTime, publicUserSchema } from "./common";
import { type Message, msg } from "./messages";
import {
  GROUP_ANSWER_MAX,
  GROUP_DESCRIPTION_MAX,
  GROUP_FIRST_HOURS_MAX,
  GROUP_JOIN_RULES,
  GROUP_NAME_MAX,
  GROUP_QUESTION_MAX,
  GROUP_QUESTIONS_MAX,
  GROUP_RADIUS_CHOICES_KM,
  GROUP_ROLES,
  GROUP_RULES_MAX,
  GROUP_VISIBILITIES,
  GROUP_WELCOME_MAX,
  INVITE_DAYS_CHOICES,
  roundGroupCoordinate,
} from "./plain/groups";

export * from "./plain/groups";

export const groupVisibilitySchema = z.enum(GROUP_VISIBILITIES, {
  error: msg("Visibility must be listed or hidden"),
});
export type GroupVisibility = z.infer<typeof groupVisibilitySchema>;
export const groupJoinRuleSchema = z.enum(GROUP_JOIN_RULES, {
  error: msg("Choose how people join: open, by application, by invite link or by email domain"),
});
export type GroupJoinRule = z.infer<typeof groupJoinRuleSchema>;
export const groupRoleSchema = z.enum(GROUP_ROLES);
export type GroupRole = z.infer<typeof groupRoleSchema>;

const text = (max: number, tooLong: Message) => z.string().trim().max(max, tooLong);
const requiredText = (max: number, required: Message, tooLong: Message) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** A domain like `example.org` (lower-cased), without `@`. */
const emailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    msg("Enter an email domain like example.org"),
  );

const groupPlaceSchema = z.object({
  latitude: z.number().min(-90).max(90).transform(roundGroupCoordinate),
  longitude: z.number().min(-180).max(180).transform(roundGroupCoordinate),
  radiusKm: z.union(
    GROUP_RADIUS_CHOICES_KM.map((km) => z.literal(km)),
    { error: msg("Radius must be 1, 2, 5 or 10 km") },
  ),
});

const groupFields = {
  name: requiredText(
    GROUP_NAME_MAX,
    msg("Name is required"),
    msg("Name must be at most {{max}} characters", { max: GROUP_NAME_MAX }),
  ),
  description: text(
    GROUP_DESCRIPTION_MAX,
    msg("Description must be at most {{max}} characters", { max: GROUP_DESCRIPTION_MAX }),
  ),
  welcome: text(
    GROUP_WELCOME_MAX,
    msg("The welcome message must be at most {{max}} characters", { max: GROUP_WELCOME_MAX }),
  ),
  rules: text(GROUP_RULES_MAX, msg("Rules must be at most {{max}} characters", { max: GROUP_RULES_MAX })),
  visibility: groupVisibilitySchema,
  joinRule: groupJoinRuleSchema,
  emailDomain: emailDomainSchema.nullable(),
  questions: z
    .array(
      requiredText(
        GROUP_QUESTION_MAX,
        msg("A question cannot be empty"),
        msg("A question must be at most {{max}} characters", { max: GROUP_QUESTION_MAX }),
      ),
    )
    .max(GROUP_QUESTIONS_MAX, msg("At most {{max}} questions", { max: GROUP_QUESTIONS_MAX })),
  newcomersMayRequest: z.boolean(),
  place: groupPlaceSchema.nullable(),
};

type GroupRuleInput = {
  joinRule?: GroupJoinRule;
  emailDomain?: string | null;
  questions?: string[];
  visibility?: GroupVisibility;
};

/**
 * The rules that span fields: an email-domain group names its domain; an application asks at least
 * one question; a hidden group cannot be applied to (nobody can find it to apply).
 */
export function groupCrossFieldErrors(group: GroupRuleInput): Record<string, Message> {
  const errors: Record<string, Message> = {};
  if (group.joinRule === "email_domain" && !group.emailDomain)
    errors.emailDomain = msg("Enter the email domain members must have");
  if (group.joinRule === "application" && (group.questions?.length ?? 0) === 0)
    errors.questions = msg("Ask at least one question for applications");
  if (group.joinRule === "application" && group.visibility === "hidden")
    errors.joinRule = msg("A hidden group cannot be found to apply to: use invite links or an email domain");
  return errors;
}

/** `POST /api/groups` body. */
export const createGroupSchema = z
  .object({
    ...groupFields,
    description: groupFields.description.default(""),
    welcome: groupFields.welcome.default(""),
    rules: groupFields.rules.default(""),
    visibility: groupFields.visibility.default("listed"),
    joinRule: groupFields.joinRule.default("open"),
    emailDomain: groupFields.emailDomain.optional().default(null),
    questions: groupFields.questions.default([]),
    newcomersMayRequest: groupFields.newcomersMayRequest.default(true),
    place: groupFields.place.optional().default(null),
  })
  .strict()
  .superRefine((group, ctx) => {
    for (const [path, message] of Object.entries(groupCrossFieldErrors(group))) {
      ctx.addIssue({ code: "custom", path: [path], message });
    }
  });
export type CreateGroupInput = z.input<typeof createGroupSchema>;
export type CreateGroup = z.output<typeof createGroupSchema>;

/** `PUT /api/groups/{id}` body: any subset; changing `rules` makes a new version to accept. */
export const updateGroupSchema = z
  .object(groupFields)
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, msg("Nothing to update"));
export type UpdateGroup = z.output<typeof updateGroupSchema>;

/** The viewer's place in a group. */
export const myMembershipSchema = z.object({
  role: groupRoleSchema,
  /** They accepted the current rules; until they do again, they cannot ask for or share its meals. */
  rulesAccepted: z.boolean(),
});
export type MyMembership = z.infer<typeof myMembershipSchema>;

/** A group in the directory and in "My groups". */
export const groupSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  visibility: groupVisibilitySchema,
  joinRule: groupJoinRuleSchema,
  memberCount: z.number().int(),
  /** The area it is about, its centre to about 1 km. */
  place: z.object({ latitude: z.number(), longitude: z.number(), radiusKm: z.number().int() }).nullable(),
  membership: myMembershipSchema.nullable(),
  createdAt: isoDateTime,
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

/** What the viewer may do in a group, each allowed or refused as the server's groups/policy.ts decides. */
export const groupAbilitiesSchema = z.object({
  /** Settings, rules, ownership. */
  edit: abilitySchema,
  /** Applications, reports, removing members and meals. */
  moderate: abilitySchema,
  invite: abilitySchema,
  /** See the members and the meals. */
  seeMembers: abilitySchema,
  /** Leave it (its owner hands it over first). */
  leave: abilitySchema,
});
export type GroupAbilities = z.infer<typeof groupAbilitiesSchema>;

/** `GET /api/groups/{id}`: a group's page. The welcome message is for members only. */
export const groupDetailSchema = groupSummarySchema.extend({
  welcome: z.string().nullable(),
  rules: z.string(),
  rulesVersion: z.number().int(),
  questions: z.array(z.string()),
  emailDomain: z.string().nullable(),
  newcomersMayRequest: z.boolean(),
  owner: publicUserSchema,
  abilities: groupAbilitiesSchema,
  /** The viewer's own application, while it waits. */
  myApplication: z.object({ id: z.uuid(), createdAt: isoDateTime }).nullable(),
  /** Applications waiting, for those who decide them; null for everyone else. */
  pendingApplications: z.number().int().nullable(),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

/** `GET /api/groups?q=&mine=`: the directory (listed groups) or the viewer's own groups. */
export const groupListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, msg("Search text must be at most {{max}} characters", { max: 100 }))
    .optional(),
  mine: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(400).optional(),
});

/** One member as the group's members see them. */
export const groupMemberSchema = z.object({
  user: publicUserSchema,
  role: groupRoleSchema,
  joinedAt: isoDateTime,
  /**
   * What the viewer may do about this member (src/server/features/groups/policy.ts, which the endpoints
   * ask too): ask for a review of their membership (docs/decisions/020), remove them, make them a
   * moderator or a member again, hand them the group.
   */
  abilities: z.object({
    askReview: abilitySchema,
    remove: abilitySchema,
    changeRole: abilitySchema,
    handOver: abilitySchema,
  }),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

const rulesVersion = z
  .number({ error: msg("Accept the group's rules to join") })
  .int(msg("Accept the group's rules to join"))
  .min(1, msg("Accept the group's rules to join"));

/** `POST /api/groups/{id}/join`, `POST /api/invites/{token}/accept`: the rules version accepted. */
export const joinGroupSchema = z.object({ rulesVersion }).strict();
/** `POST /api/groups/{id}/rules/accept`. */
export const acceptRulesSchema = joinGroupSchema;

/** `POST /api/groups/{id}/applications`: one answer per question, and the rules accepted. */
export const applyToGroupSchema = z
  .object({
    answers: z
      .array(
        requiredText(
          GROUP_ANSWER_MAX,
          msg("Answer every question"),
          msg("An answer must be at most {{max}} characters", { max: GROUP_ANSWER_MAX }),
        ),
      )
      .max(GROUP_QUESTIONS_MAX),
    rulesVersion,
  })
  .strict();

/** An application as the group's owner and moderators see it. */
export const groupApplicationSchema = z.object({
  id: z.uuid(),
  user: publicUserSchema,
  /** Each question with its answer, in order. */
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  createdAt: isoDateTime,
});
export type GroupApplication = z.infer<typeof groupApplicationSchema>;

/** `PUT /api/groups/{id}/applications/{applicationId}`: approve or decline, with a message. */
export const decideApplicationSchema = z
  .object({
    decision: z.enum(["approve", "decline"], { error: msg("Decide approve or decline") }),
    message: text(1000, msg("The message must be at most {{max}} characters", { max: 1000 })).optional(),
  })
  .strict();

/** `POST /api/groups/{id}/invites`: how long the link lasts. */
export const createInviteSchema = z
  .object({
    days: z.union(
      INVITE_DAYS_CHOICES.map((days) => z.literal(days)),
      { error: msg("An invite link lasts 1, 7 or 30 days") },
    ),
  })
  .strict();

/** An invite link as those who may invite see it; `url` only in the answer that made it. */
export const groupInviteSchema = z.object({
  id: z.uuid(),
  expiresAt: isoDateTime,
  revoked: z.boolean(),
  createdAt: isoDateTime,
  createdBy: publicUserSchema.nullable(),
  url: z.string().nullable(),
});
export type GroupInvite = z.infer<typeof groupInviteSchema>;

/** `GET /api/invites/{token}`: the group an invite opens, its rules to accept. */
export const invitePreviewSchema = z.object({
  group: z.object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    rules: z.string(),
    rulesVersion: z.number().int(),
    memberCount: z.number().int(),
  }),
  alreadyMember: z.boolean(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

/** An invite token in a path: 32 base64url characters. */
export const inviteTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, msg("This invite link is not valid")),
});

/** `PUT /api/groups/{id}/members/{userId}`: a new role (never owner: see the ownership handover). */
export const changeRoleSchema = z
  .object({ role: z.enum(["moderator", "member"], { error: msg("Role must be moderator or member") }) })
  .strict();

/** `PUT /api/groups/{id}/owner`: hand the group over. */
export const transferOwnershipSchema = z.object({ userId: z.uuid({ error: msg("Invalid id") }) }).strict();

/** Removing a member or taking a meal out: the reason they are told. */
export const moderationReasonSchema = z
  .object({
    reason: requiredText(
      500,
      msg("Give a reason"),
      msg("The reason must be at most {{max}} characters", { max: 500 }),
    ),
  })
  .strict();

/** A report about a group's meal or member, as its moderators see it: never who reported. */
export const groupReportSchema = z.object({
  id: z.uuid(),
  targetType: z.enum(["meal", "user"]),
  targetId: z.uuid(),
  /** The meal's title or the member's name. */
  targetLabel: z.string(),
  reason: z.string(),
  createdAt: isoDateTime,
});
export type GroupReport = z.infer<typeof groupReportSchema>;

/** Group path parameters with a member or an application. */
export const groupUserParamsSchema = z.object({
  id: z.uuid({ error: msg("Invalid id") }),
  userId: z.uuid({ error: msg("Invalid id") }),
});
export const groupItemParamsSchema = z.object({
  id: z.uuid({ error: msg("Invalid id") }),
  itemId: z.uuid({ error: msg("Invalid id") }),
});

/**
 * Who sees a meal, as its form says it (docs/features/groups.md point 3): everyone (no group), only
 * one of the cook's groups, or that group first and everyone `everyoneAfterHours` hours after posting.
 */
export const mealAudienceFields = {
  groupId: z
    .uuid({ error: msg("Choose one of your groups") })
    .nullable()
    .optional(),
  everyoneAfterHours: z
    .number({ error: msg("Hours must be a whole number from 1 to {{max}}", { max: GROUP_FIRST_HOURS_MAX }) })
    .int(msg("Hours must be a whole number from 1 to {{max}}", { max: GROUP_FIRST_HOURS_MAX }))
    .min(1, msg("Hours must be a whole number from 1 to {{max}}", { max: GROUP_FIRST_HOURS_MAX }))
    .max(
      GROUP_FIRST_HOURS_MAX,
      msg("Hours must be a whole number from 1 to {{max}}", { max: GROUP_FIRST_HOURS_MAX }),
    )
    .nullable()
    .optional(),
};

/** A meal's group as a card shows it. */
export const mealGroupSchema = z.object({ id: z.uuid(), name: z.string() });
export type MealGroup = z.infer<typeof mealGroupSchema>;
