/**
 * The features' routes: the signed-in API under one hook that answers 401 for the whole subtree
 * before validation, then the routes that check their own access (admin, token links, public
 * pages' data, photos). Each feature's routes → service → db (docs/ARCHITECTURE.md).
 */
import type { FastifyInstance } from "fastify";
import { requireActor } from "../auth/users";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { documentStatuses } from "../documented-statuses";
import { registerAdminRoutes } from "../features/admin/routes";
import { registerAlertRoutes } from "../features/alerts/routes";
import { registerCalendarFeed, registerCalendarRoutes } from "../features/calendar/routes";
import { registerCookRoutes } from "../features/cooks/routes";
import { registerDrawRoutes, registerOpenDrawRoute } from "../features/draws/routes";
import { registerEventRoutes } from "../features/events/routes";
import { heldGroups } from "../features/groups";
import { registerGroupRoutes } from "../features/groups/routes";
import { registerImpactRoutes } from "../features/impact/routes";
import { registerLabelRoute, registerMealPreviewRoute, registerMealRoutes } from "../features/meals/routes";
import type { HeldTextOwners } from "../features/moderation";
import { registerModerationRoutes } from "../features/moderation/routes";
import { registerNewsletterOptInRoutes, registerNewsletterRoutes } from "../features/newsletter/routes";
import {
  registerEmailDeliveryRoutes,
  registerNotificationRoutes,
  registerUnsubscribeRoutes,
} from "../features/notifications/routes";
import { registerAdminPaymentRoutes, registerPaymentRoutes } from "../features/payments/routes";
import { registerPhotoRoutes, registerPhotoServing } from "../features/photos/routes";
import { createGeocoder } from "../features/places";
import { registerPlaceRoutes } from "../features/places/routes";
import { heldMeals } from "../features/posting";
import { registerPostingRoutes } from "../features/posting/routes";
import { registerReportRoutes } from "../features/reports/routes";
import { heldFirstWords, heldMessages } from "../features/requests";
import { registerRequestRoutes, registerStripeWebhook } from "../features/requests/routes";
import { registerReviewRoutes } from "../features/reviews/routes";
import { registerTrustRoutes } from "../features/trust/routes";
import { heldBios } from "../features/users";
import { registerProfileRoutes, registerUserRoutes } from "../features/users/routes";
import { registerLiveRoutes } from "../live/routes";
import type { ObjectStorage } from "../storage/storage";
import type { Background } from "./background";

/** What letting a held text through and removing it mean, from each text's owner (docs/decisions/020). */
export const HELD_TEXT_OWNERS: HeldTextOwners = {
  meal: heldMeals,
  message: heldMessages,
  request: heldFirstWords,
  group: heldGroups,
  bio: heldBios,
};

export async function registerFeatureRoutes(
  app: FastifyInstance,
  {
    config,
    db,
    storage,
    background,
  }: { config: Config; db: Db; storage: ObjectStorage; background: Background },
) {
  await app.register(async (api) => {
    api.addHook("onRequest", async (request) => {
      requireActor(request);
    });
    documentStatuses(api, () => [401]);
    // Answers are per user and change with every write: the browser keeps them privately and asks
    // again each time, with the ETag, so an unchanged list costs a 304.
    api.addHook("onSend", async (request, reply) => {
      if (request.method === "GET" && !reply.hasHeader("cache-control")) {
        reply.header("Cache-Control", "private, no-cache");
      }
    });
    registerMealRoutes(api, { db, config });
    registerPostingRoutes(api, { db, config });
    registerRequestRoutes(api, { db, config, storage });
    registerNotificationRoutes(api, { db, config, vapidPublicKey: background.vapidPublicKey });
    registerEmailDeliveryRoutes(api, { db, config });
    registerLiveRoutes(api, { db, hub: background.hub });
    registerReportRoutes(api, { db });
    registerReviewRoutes(api, { db });
    registerUserRoutes(api, { db, config });
    registerProfileRoutes(api, { db });
    await registerPhotoRoutes(api, { db, storage });
    registerCookRoutes(api, { db, storage });
    registerCalendarRoutes(api, { db, config });
    registerEventRoutes(api, { db });
    registerNewsletterOptInRoutes(api, { db });
    registerPlaceRoutes(api, { geocoder: createGeocoder(config.geocoder) });
    registerAlertRoutes(api, { db, config });
    registerGroupRoutes(api, { db, config });
    registerDrawRoutes(api, { db, config });
    registerTrustRoutes(api, { db, config });
    registerModerationRoutes(api, { db, owners: HELD_TEXT_OWNERS });
    // Card payments exist only where they are set up (docs/decisions/022): no route, no document.
    if (config.payments) registerPaymentRoutes(api, { db, config });
  });
  await registerAdminRoutes(app, { db });
  if (config.payments) {
    await registerAdminPaymentRoutes(app, { db, config });
    await registerStripeWebhook(app, { db, config });
  }
  registerNewsletterRoutes(app, { db, config });
  registerImpactRoutes(app, { db });
  registerMealPreviewRoute(app, { db });
  registerOpenDrawRoute(app, { db });
  registerLabelRoute(app, { db });
  registerCalendarFeed(app, { db, config });
  await registerUnsubscribeRoutes(app, { db, config });
  registerPhotoServing(app, { storage });
}
