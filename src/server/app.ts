/**
 * Builds the Fastify app: external plugins, then the app's own hooks, then routes, then the built
 * client (STYLE.md, after fastify/demo). Nothing here listens; main.ts and tests do.
 */
import { existsSync } from "node:fs";
import type { Agent } from "node:https";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyEtag from "@fastify/etag";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySse from "@fastify/sse";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import pinoPretty from "pino-pretty";
import { deploymentSchema, LANGUAGES } from "../contract/i18n";
import { msg } from "../contract/messages";
import { DEV_CLIENT_ID, registerDevIdp, registerFormBodyParser, SIGN_IN_CSS } from "./auth/dev-idp";
import { type OidcSettings, registerAuthRoutes } from "./auth/routes";
import { registerSessionUser, requireUser } from "./auth/users";
import type { Config } from "./config";
import { checkReadiness, type Database } from "./db/client";
import { clientErrorHandler, errorHandlerFor, forbidden, frameworkErrorHandler } from "./errors";
import { registerAdminRoutes } from "./features/admin/routes";
import { registerCalendarFeed, registerCalendarRoutes } from "./features/calendar/routes";
import { registerCookRoutes } from "./features/cooks/routes";
import { runCertificateJob } from "./features/cooks/service";
import { registerEventRoutes } from "./features/events/routes";
import { registerImpactRoutes } from "./features/impact/routes";
import { registerMealRoutes } from "./features/meals/routes";
import { registerNewsletterOptInRoutes, registerNewsletterRoutes } from "./features/newsletter/routes";
import { deliverNotification } from "./features/notifications/delivery";
import { createMailer, type Mailer } from "./features/notifications/email";
import { loadVapidKeys, pushSender } from "./features/notifications/push";
import {
  registerNotificationRoutes,
  registerUnsubscribeRoutes,
  TOKEN_AUTHORISED_WRITES,
} from "./features/notifications/routes";
import { registerPhotoRoutes, registerPhotoServing } from "./features/photos/routes";
import { sweepAbandonedUploads } from "./features/photos/service";
import { registerReportRoutes } from "./features/reports/routes";
import { sendPickupReminder } from "./features/requests/reminders";
import { registerRequestRoutes } from "./features/requests/routes";
import { registerReviewRoutes } from "./features/reviews/routes";
import { registerProfileRoutes, registerUserRoutes } from "./features/users/routes";
import { requestLanguage } from "./i18n";
import { registerInputGuard } from "./input-guard";
import { QUEUES, startJobQueue } from "./jobs/queue";
import { startLiveHub } from "./live/hub";
import { registerLiveRoutes, sseOptions } from "./live/routes";
import { serializeError } from "./log";
import { registerMetrics } from "./metrics";
import { clientBuildDir } from "./paths";
import { postgresRateLimitStore, rateLimitKey, sweepRateLimits } from "./rate-limit-store";
import { createStorage, type ObjectStorage } from "./storage/storage";

/** What the app is built from. */
export interface AppDeps {
  config: Config;
  /** The open database; the app uses its Drizzle handle and LISTENs on its driver. */
  database: Database;
  /** Photo storage; defaults to what the configuration asks for (local files or S3). */
  storage?: ObjectStorage;
  /** Folder of the built client; defaults to dist/client. Unset or missing: API only. */
  clientDir?: string;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** TLS agent for Web Push requests (tests trust their fake push service with it). */
  pushAgent?: Agent;
}

const defaultClientDir = clientBuildDir;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const UPLOAD_SWEEP_EVERY_MS = 10 * 60_000;
/** The cook certificate job: first run shortly after start, then hourly (issue 13 point 4). */
const CERTIFICATE_JOB_DELAY_MS = 30_000;
const CERTIFICATE_JOB_EVERY_MS = 60 * 60_000;

/** Builds the app with every plugin and route registered, ready to `listen` or `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const { db } = database;
  const storage = deps.storage ?? createStorage(config);
  const app = Fastify({
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            // DESIGN.md §5: logs never contain cookies, tokens or secrets.
            redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
            serializers: {
              req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url) }),
              err: serializeError,
            },
            // Readable lines in a terminal, JSON lines for log collectors (issue 11).
            stream:
              deps.logStream ??
              (process.stdout.isTTY
                ? pinoPretty({ colorize: true, translateTime: "HH:MM:ss", ignore: "pid,hostname" })
                : undefined),
          },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandlerFor(config.currency, config.defaultLanguage));
  registerInputGuard(app);

  // 1. External plugins. Cookies first: sessions and the rate limiter read them.
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  // ETags before compression: both work in onSend, in this order, so the hash is of the JSON a
  // client revalidates (304 on If-None-Match), not of one of its compressed encodings. Streams
  // (files, SSE) and replies that carry an ETag already are left alone.
  await app.register(fastifyEtag);
  // Text over 1 KB goes out brotli- or gzip-compressed; the built client is compressed at build
  // time and served as is (preCompressed below); event streams are never compressed.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: cspDirectives(config, await bucketOrigin(storage, config)) },
    hsts: config.publicUrl.startsWith("https://"),
  });
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimits.writesPerMinute,
    timeWindow: "1 minute",
    // Writes are limited (DESIGN.md §5); reads are cheap and paginated.
    allowList: (request) => SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/"),
    // A client that has already gone has no address; its request still needs a key (issue 11).
    keyGenerator: rateLimitKey,
    // On PostgreSQL every instance counts together; PGlite is one process.
    ...(database.driver.kind === "pg" ? { store: postgresRateLimitStore(db) } : {}),
  });
  await app.register(fastifySse, sseOptions);
  await app.register(fastifySwagger, {
    openapi: { info: { title: "MealShare API", version: "0.1.0" } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  // Probes for load balancers and orchestrators (issue 11): the process answers; the database
  // answers with this build's migrations applied. Neither needs a session or counts against limits.
  app.get("/healthz", { schema: { hide: true } }, async (_request, reply) =>
    reply.header("Cache-Control", "no-store").send({ status: "ok" }),
  );
  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    const readiness = await checkReadiness(database);
    reply.header("Cache-Control", "no-store");
    if (readiness.ready) return reply.send({ status: "ready" });
    return reply.status(503).send({ message: `Not ready: ${readiness.reason}.`, code: "not_ready" });
  });

  // 2. The app's own hooks: who is signed in, then the CSRF origin check on writes.
  registerSessionUser(app, db);
  // The language of this request's answers (issue 15): the app's language cookie, else the best
  // of Accept-Language, else the member's saved language, else the deployment's default.
  app.decorateRequest("lng", config.defaultLanguage);
  app.addHook("onRequest", async (request) => {
    request.lng = requestLanguage(
      { headers: request.headers, cookies: request.cookies },
      request.user?.locale,
      config.defaultLanguage,
    );
  });
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    // A mail app's one-click unsubscribe comes from nowhere; its token, not a cookie, authorises it.
    if (TOKEN_AUTHORISED_WRITES.includes(request.routeOptions.url ?? "")) return;
    if (!isSameOrigin(request, config)) throw forbidden(msg("Cross-origin request refused."));
  });

  // 3. Sign-in: the bundled provider when no external one is configured.
  let oidcSettings: OidcSettings;
  if (config.oidc) {
    oidcSettings = { ...config.oidc, forceLoginPrompt: false };
  } else {
    await app.register(async (scope) => {
      registerFormBodyParser(scope);
      const devIdp = await registerDevIdp(scope, config);
      oidcSettings = { ...devIdp, forceLoginPrompt: true };
    });
  }
  // The sign-in and sign-out pages' stylesheet (a file, so the CSP needs no inline styles).
  app.get("/oidc-assets/sign-in.css", (_request, reply) =>
    reply.type("text/css").header("Cache-Control", "public, max-age=3600").send(SIGN_IN_CSS),
  );
  await app.after();
  registerAuthRoutes(app, { db, config, oidc: oidcSettings! });

  // 4. Live updates: this instance's fan-out of NOTIFY to its SSE streams. Streams are closed
  // before the server closes (it would otherwise wait for them), the listener after.
  const hub = await startLiveHub(database, app.log);
  app.addHook("preClose", async () => hub.closeStreams());
  registerMetrics(app, { config, database, hub });
  app.addHook("onClose", async () => hub.close());

  // Abandoned photo uploads (paused, cancelled, never registered) and ended rate-limit windows
  // are swept on every instance.
  const sweepTimer = setInterval(() => {
    sweepAbandonedUploads(db, storage).catch((error) =>
      app.log.warn({ err: error }, "sweeping abandoned uploads failed"),
    );
    if (database.driver.kind === "pg") {
      sweepRateLimits(db).catch((error) => app.log.warn({ err: error }, "sweeping rate limits failed"));
    }
  }, UPLOAD_SWEEP_EVERY_MS);
  sweepTimer.unref();
  app.addHook("onClose", async () => clearInterval(sweepTimer));

  // Registered cooks' certificates (issue 13): reminders and lapses, hourly on every instance;
  // the job does each one exactly once however many instances run it.
  const certificates = () =>
    runCertificateJob(db)
      .then(({ reminded, lapsed }) => {
        if (reminded || lapsed) app.log.info({ reminded, lapsed }, "cook certificates checked");
      })
      .catch((error) => app.log.warn({ err: error }, "checking cook certificates failed"));
  const certificateStart = setTimeout(certificates, CERTIFICATE_JOB_DELAY_MS);
  const certificateTimer = setInterval(certificates, CERTIFICATE_JOB_EVERY_MS);
  certificateStart.unref();
  certificateTimer.unref();
  app.addHook("onClose", async () => {
    clearTimeout(certificateStart);
    clearInterval(certificateTimer);
  });

  // Notifications outside the app (issue 14; DESIGN.md §6a): jobs on every instance take each
  // notification to push and email, and send the pickup reminders when they fall due.
  const mailer: Mailer = createMailer(config, app.log);
  const vapidKeys = await loadVapidKeys(db, config.push.vapidKeys);
  const delivery = {
    db,
    mailer,
    push: pushSender(config, vapidKeys, deps.pushAgent),
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
    currency: config.currency,
    defaultLanguage: config.defaultLanguage,
    onError: (error: unknown) => app.log.warn({ err: error }, "a push could not be sent"),
  };
  const jobs = await startJobQueue(
    database,
    {
      [QUEUES.delivery]: (data) => deliverNotification(delivery, data),
      [QUEUES.reminder]: (data) => sendPickupReminder(db, data),
    },
    {
      pollingSeconds: config.jobPollingSeconds,
      onError: (error) => app.log.warn({ err: error }, "a job failed"),
    },
  );
  app.addHook("onClose", async () => {
    await jobs.stop().catch((error) => app.log.warn({ err: error }, "stopping the job queue failed"));
    mailer.close();
  });

  // 5. The signed-in API: one hook answers 401 for the whole subtree, before validation.
  await app.register(async (api) => {
    api.addHook("onRequest", async (request) => {
      requireUser(request);
    });
    // Answers are per user and change with every write: the browser keeps them privately and asks
    // again each time, with the ETag, so an unchanged list costs a 304.
    api.addHook("onSend", async (request, reply) => {
      if (request.method === "GET" && !reply.hasHeader("cache-control")) {
        reply.header("Cache-Control", "private, no-cache");
      }
    });
    registerMealRoutes(api, { db, config });
    registerRequestRoutes(api, { db, config });
    registerNotificationRoutes(api, { db, config, vapidPublicKey: vapidKeys.publicKey });
    registerLiveRoutes(api, { db, hub });
    registerReportRoutes(api, { db });
    registerReviewRoutes(api, { db });
    registerUserRoutes(api, { db, config });
    registerProfileRoutes(api, { db, config });
    await registerPhotoRoutes(api, { db, storage });
    registerCookRoutes(api, { db, config, storage });
    registerCalendarRoutes(api, { db, config });
    registerEventRoutes(api, { db });
    registerNewsletterOptInRoutes(api, { db });
  });
  await registerAdminRoutes(app, { db, config });
  registerNewsletterRoutes(app, { db });
  registerImpactRoutes(app, { db });
  registerDeploymentRoute(app, config);
  registerCalendarFeed(app, { db, config });
  await registerUnsubscribeRoutes(app, { db, config });
  registerPhotoServing(app, { storage });

  // 6. The built client, with the SPA fallback for its routes.
  const clientDir = deps.clientDir ?? defaultClientDir;
  const indexHtml = path.join(clientDir, "index.html");
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      // index.html.br, assets/*.js.gz … written by the build (vite.config.ts).
      preCompressed: true,
      // Our own Cache-Control below, not send's "public, max-age=0".
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === "GET" && !request.url.startsWith("/api/") && !request.url.startsWith("/oidc");
    if (isPage && existsSync(indexHtml)) {
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({ message: "Not found", code: "not_found" });
  });

  app.log.debug({ devIdp: !config.oidc ? DEV_CLIENT_ID : undefined }, "app built");
  return app;
}

/**
 * `GET /api/deployment` (issue 15 point 2): the currency prices are written in and the language
 * visitors whose browser asks for none of ours get. Public: the landing page needs it too.
 */
function registerDeploymentRoute(app: FastifyInstance, config: Config) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/deployment",
    {
      schema: {
        tags: ["deployment"],
        summary: "The deployment's currency (ISO 4217) and default language",
        response: { 200: deploymentSchema },
      },
    },
    async (_request, reply) =>
      reply.header("Cache-Control", "no-cache").send({
        currency: config.currency,
        defaultLanguage: config.defaultLanguage,
        languages: [...LANGUAGES],
      }),
  );
}

/** DESIGN.md §5 CSRF: a write must come from our own pages. */
function isSameOrigin(request: FastifyRequest, config: Config): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite) return fetchSite === "same-origin";
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    const url = new URL(origin);
    return url.origin === new URL(config.publicUrl).origin || url.host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Where the browser sends photo uploads, if not to us: the S3 driver's presigned-URL origin. When
 * it cannot presign yet (no credentials at start), the configured endpoint is the best guess.
 */
async function bucketOrigin(storage: ObjectStorage, config: Config): Promise<string | null> {
  try {
    return await storage.uploadOrigin();
  } catch {
    return config.s3?.endpoint ? new URL(config.s3.endpoint).origin : null;
  }
}

/**
 * A strict CSP the built client passes: no inline scripts, images only from us, and connections to
 * us and the bucket that takes uploads (DESIGN.md §5).
 */
function cspDirectives(config: Config, bucketOrigin: string | null) {
  const bucket = bucketOrigin ? [bucketOrigin] : [];
  const issuer = config.oidc ? [new URL(config.oidc.issuerUrl).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    connectSrc: ["'self'", ...bucket],
    fontSrc: ["'self'", "data:"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...issuer],
    upgradeInsecureRequests: config.publicUrl.startsWith("https://") ? [] : null,
  };
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A bare number means "fail closed" to Fastify (it cannot
 * check the nearest peer), so a hop count becomes the function it stands for: the socket's peer and
 * the `hops - 1` entries it appended are proxies, the entry before them is the client. That holds
 * only where nothing but those proxies reaches the app (compose.yaml publishes nginx alone);
 * elsewhere list the proxies' addresses.
 */
function trustProxyOption(trust: Config["trustProxy"]) {
  if (typeof trust !== "number") return trust;
  return (_address: string, hop: number) => hop < trust;
}

/**
 * Secrets that travel in URLs must not reach the logs: OIDC codes and states, any `token=` (the
 * unsubscribe links), and the calendar feed's path token, each of which works without a cookie.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:code|state|session_state|iss|token)=)[^&#]*/gi, "$1[redacted]")
    .replace(/^(\/api\/calendar\/)[^/?#]+?(\.ics)?(?=[?#]|$)/, "$1[redacted]$2");
}
