/**
 * The mailing list's public form, its confirmation link, and the profile opt-in (docs/DESIGN.md §4
 * "Mailing list"). The CSV export is an admin route.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../../contract/common";
import { newsletterOptInSchema, subscribedSchema, subscribeSchema } from "../../../contract/newsletter";
import { registerFormBodyParser } from "../../auth/dev-idp";
import { requireActor } from "../../auth/users";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { clientKeyOf } from "../../mail-caps";
import { CONFIRM_PATH, confirmationPage, readConfirmationToken } from "./confirmation";
import { confirmSubscription, setNewsletterOptIn, subscribe } from "./service";

/** Sign-ups per client and minute: enough for a household, too few to fill the list with junk. */
export const NEWSLETTER_PER_MINUTE = 10;

/**
 * `POST /api/newsletter`, open to visitors, and the confirmation link's page (GET shows a button, POST
 * confirms; authorised by the link's signed token, not a cookie).
 */
export function registerNewsletterRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  app.register(async (scope) => {
    registerFormBodyParser(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const schema = {
      tags: ["newsletter"],
      querystring: z.object({ token: z.string().max(200).default("") }),
      hide: true,
    };
    const page = (reply: FastifyReply, html: string, status = 200) =>
      reply.status(status).type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(html);
    r.get(
      CONFIRM_PATH,
      { schema: { ...schema, summary: "The newsletter confirmation page" } },
      (request, reply) => {
        const known = readConfirmationToken(config.sessionSecret, request.query.token) !== null;
        return page(
          reply,
          confirmationPage(request.lng, known ? "ask" : "unknown", request.query.token),
          known ? 200 : 404,
        );
      },
    );
    r.post(
      CONFIRM_PATH,
      { schema: { ...schema, summary: "Confirm a newsletter sign-up (double opt-in)" } },
      async (request, reply) => {
        const id = readConfirmationToken(config.sessionSecret, request.query.token);
        const confirmed = id !== null && (await confirmSubscription(db, id));
        return page(
          reply,
          confirmationPage(request.lng, confirmed ? "done" : "unknown", ""),
          confirmed ? 200 : 404,
        );
      },
    );
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/newsletter",
    {
      config: { rateLimit: { max: NEWSLETTER_PER_MINUTE, timeWindow: "1 minute" } },
      schema: {
        tags: ["newsletter"],
        summary:
          "Subscribe an email address to the mailing list (idempotent): the signed-in member's own address at " +
          "once, any other once the link emailed to it is confirmed (double opt-in)",
        body: subscribeSchema,
        response: { 200: subscribedSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const outcome = await subscribe(db, request.body.email, request.user ?? undefined, {
        client: clientKeyOf(config.sessionSecret, request.ip),
        caps: config.mailCaps,
      });
      return { subscribed: true as const, confirmByEmail: outcome === "confirm" };
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
      subscribed: await setNewsletterOptIn(db, requireActor(request), request.body.subscribed),
    }),
  );
}
