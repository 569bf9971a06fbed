/**
 * The signed-in user's own settings (spec §7 `PUT /api/user/role`; docs/features/trust.md `PUT
 * /api/user/profile`).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUserSchema, updateProfileSchema, updateRoleSchema } from "../../../contract/auth";
import { errorSchema, idParamsSchema, pageQuerySchema } from "../../../contract/common";
import type { AllergenCode } from "../../../contract/food-safety";
import { updateLocaleSchema } from "../../../contract/i18n";
import { ratingSchema } from "../../../contract/meals";
import {
  blockedUserSchema,
  blockStateSchema,
  publicProfileSchema,
  REVIEWS_PAGE_SIZE,
  receivedReviewSchema,
} from "../../../contract/users";
import { presentCurrentUser, requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { readsFor } from "../../db/reads";
import { decodeNewestCursor, sendPage } from "../../pagination";
import { eaterAllergies } from "../allergens";
import { blockUser, listBlockedUsers, unblockUser } from "../blocks";
import { assertOwnPhoto } from "../photos";
import { getPublicProfile, getUserRating, listReceivedReviews, updateProfile, updateSelf } from "./service";

const errors = { 400: errorSchema, 401: errorSchema };

/** Registers the routes; the caller's scope already requires a signed-in user. */
export function registerUserRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    "/api/user/locale",
    {
      schema: {
        tags: ["users"],
        summary: "Remember the language chosen, for the app on every device and for emails",
        body: updateLocaleSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) =>
      presentCurrentUser(
        await updateSelf(db, requireActor(request), { locale: request.body.locale }),
        config,
      ),
  );
  r.put(
    "/api/user/role",
    {
      schema: {
        tags: ["users"],
        summary: "Switch between eater and feeder",
        body: updateRoleSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) =>
      presentCurrentUser(await updateSelf(db, requireActor(request), { role: request.body.role }), config),
  );
  r.put(
    "/api/user/profile",
    {
      schema: {
        tags: ["users"],
        summary: "Change your name, bio, dietary preferences, allergies, diet or profile photo",
        body: updateProfileSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireActor(request);
      await assertOwnPhoto(db, user, request.body.profileImageUrl, "profileImageUrl", user.profileImageUrl);
      const { allergyCodes, allergiesOther } = request.body;
      const allergies =
        allergiesOther === undefined
          ? {}
          : await eaterAllergies(db, {
              allergyCodes: allergyCodes ?? (user.allergyCodes as AllergenCode[]),
              allergiesOther,
            });
      return presentCurrentUser(
        await updateProfile(db, user, { ...request.body, ...allergies }, config.newcomerLimits),
        config,
      );
    },
  );
}

const profileErrors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };
const byNewest = (row: { createdAtDate: Date; id: string }) => ({ createdAt: row.createdAtDate, id: row.id });

/**
 * Public profiles and blocking (docs/features/food-safety.md points 5–6): `GET /api/users/{id}` and its
 * reviews and open meals; `GET|PUT|DELETE /api/user/blocks[/{id}]` for the signed-in user's blocks.
 */
export function registerProfileRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const memberViewer = requireActor;
  r.get(
    "/api/users/:id",
    {
      schema: {
        tags: ["users"],
        summary: "A user's public profile: name, photo, bio, badges and rating",
        params: idParamsSchema,
        response: { 200: publicProfileSchema, ...profileErrors },
      },
    },
    async (request) => {
      return getPublicProfile(readsFor(request, db), memberViewer(request), request.params.id);
    },
  );
  r.get(
    "/api/users/:id/reviews",
    {
      schema: {
        tags: ["users"],
        summary: "Reviews a user received, newest first; cursor-paginated via the Link header",
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: z.array(receivedReviewSchema), ...profileErrors },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? REVIEWS_PAGE_SIZE;
      const rows = await listReceivedReviews(db, memberViewer(request), request.params.id, {
        limit,
        cursor: decodeNewestCursor(request.query.cursor),
      });
      return sendPage(request, reply, rows, limit, byNewest);
    },
  );
  r.get(
    "/api/user/:id/rating",
    {
      schema: {
        tags: ["users"],
        summary: "A user's rating: mean of reviews received (one decimal) and count",
        params: idParamsSchema,
        response: { 200: ratingSchema, ...errors },
      },
    },
    async (request) => {
      return getUserRating(db, memberViewer(request), request.params.id);
    },
  );
  registerBlockRoutes(app, { db });
}

/** The member's blocks: listed, added and removed. */
function registerBlockRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/user/blocks",
    {
      schema: {
        tags: ["users"],
        summary: "The users you have blocked, most recent first",
        response: { 200: z.array(blockedUserSchema), ...profileErrors },
      },
    },
    async (request) => listBlockedUsers(db, requireActor(request)),
  );
  r.put(
    "/api/user/blocks/:id",
    {
      schema: {
        tags: ["users"],
        summary: "Block a user: neither can request the other's meals or message the other",
        params: idParamsSchema,
        response: { 200: blockStateSchema, ...profileErrors },
      },
    },
    async (request) => {
      await blockUser(db, requireActor(request), request.params.id);
      return { userId: request.params.id, blocked: true };
    },
  );
  r.delete(
    "/api/user/blocks/:id",
    {
      schema: {
        tags: ["users"],
        summary: "Unblock a user",
        params: idParamsSchema,
        response: { 200: blockStateSchema, ...profileErrors },
      },
    },
    async (request) => {
      await unblockUser(db, requireActor(request), request.params.id);
      return { userId: request.params.id, blocked: false };
    },
  );
}
