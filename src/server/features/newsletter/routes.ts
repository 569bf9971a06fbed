/**
 * The mailing list's public form and profile opt-in (docs/DESIGN.md §4 "Mailing list"). The CSV
 * export is an admin route.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../../contract/common";
import { newsletterOptInSchema, subscribeSchema } from "../../../contract/newsletter";
import { requireUser } from "../../auth/users";
import type { Db } from "../../db/client";
import { setNewsletterOptIn, subscribe } from "./service";

/** Sign-ups per client and minute: enough for a household, too few to fill the list with junk. */
export const NEWSLETTER_PER_MINUTE = 10;

/** `POST /api/newsletter`, open to visitors. */
export function registerNewsletterRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/newsletter",
    {
      config: { rateLimit: { max: NEWSLETTER_PER_MINUTE, timeWindow: "1 minute" } },
      schema: {
        tags: ["newsletter"],
        summary: "Subscribe an email address to the mailing list (idempotent)",
        body: subscribeSchema,
        response: { 200: z.object({ subscribed: z.literal(true) }), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await subscribe(db, request.body.email, "landing", request.user?.id);
      return { subscribed: true as const };
    },
  );
}

/** `PUT /api/user/newsletter`; the caller's scope already requires a signed-in user. */
export function registerNewsletterOptInRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().put(
    "/api/user/newsletter",
    {
      schema: {
        tags: ["newsletter"],
        summary: "Opt in to or out of the mailing list from the profile",
        body: newsletterOptInSchema,
        response: { 200: newsletterOptInSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => ({
      subscribed: await setNewsletterOptIn(db, requireUser(request), request.body.subscribed),
    }),
  );
}
