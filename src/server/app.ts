/**
 * Builds the Fastify app as ordered plugins (after fastify/demo; each in plugins/): external
 * plugins, probes, the request context (session, language, CSRF), sign-in, background work (live
 * hub, job queue and schedules), the features' routes, then the built client. Nothing here
 * listens; main.ts and tests do.
 */
import type { Agent } from "node:https";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import pinoPretty from "pino-pretty";
import { DEV_CLIENT_ID } from "./auth/dev-idp";
import { createSessionCache } from "./auth/session-cache";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { registerReadRouting } from "./db/reads";
import { documentCommonStatuses } from "./documented-statuses";
import { clientErrorHandler, errorHandlerFor, frameworkErrorHandler } from "./errors";
import { registerInputGuard } from "./input-guard";
import type { LiveHub } from "./live/hub";
import { serializeError } from "./log";
import { clientBuildDir } from "./paths";
import { startBackground } from "./plugins/background";
import { registerClient } from "./plugins/client";
import { registerExternalPlugins } from "./plugins/external";
import { registerProbes } from "./plugins/probes";
import { registerRequestContext, registerWriteFlush } from "./plugins/request-context";
import { registerFeatureRoutes } from "./plugins/routes";
import { registerSignIn } from "./plugins/sign-in";
import { createResponseSerializerCompiler } from "./serializer";
import { createStorage, type ObjectStorage } from "./storage/storage";
import { watchCertificate } from "./tls";

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

/** Builds the app with every plugin and route registered, ready to `listen` or `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const { db } = database;
  const storage = deps.storage ?? createStorage(config);
  const app = Fastify({
    ...secureServerOptions(config.tls),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    logger: loggerOptions(config, deps.logStream),
  });
  if (config.tls) {
    // An HTTP/2 secure server, though Fastify's type is HTTP/1's (secureServerOptions).
    const stopWatching = watchCertificate(
      app.server as unknown as Parameters<typeof watchCertificate>[0],
      config.tls,
      app.log,
    );
    app.addHook("onClose", async () => stopWatching());
  }
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by compiled writers from the contract; tests also check them against zod.
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: config.env === "test" }));
  app.setErrorHandler(errorHandlerFor(config.currency, config.defaultLanguage));
  registerInputGuard(app);
  // Before any route: the statuses every route can answer go into its OpenAPI responses.
  documentCommonStatuses(app);

  // The order is the plugins' contract: each relies on what the ones before it set up.
  await registerExternalPlugins(app, { config, database, storage });
  registerProbes(app, { config, database });
  // Reads that may be a moment behind go to the replica, unless this browser just wrote (decision 021).
  registerReadRouting(app, database.replica, config.databaseTopology.readMaxLagSeconds);
  // Who is signed in, remembered for a few seconds; the live channel tells of changes (docs/decisions/011).
  const sessionCache = createSessionCache();
  registerRequestContext(app, { config, db, sessionCache });
  // The live hub starts with the background work below; writes wait for it to hear their changes.
  let hub: LiveHub | undefined;
  registerWriteFlush(app, { flush: () => hub?.flush() ?? Promise.resolve() });
  await registerSignIn(app, { config, db, storage });
  const background = await startBackground(app, {
    config,
    database,
    storage,
    pushAgent: deps.pushAgent,
    onUsersChanged: (userId) => sessionCache.forget(userId),
  });
  hub = background.hub;
  await registerFeatureRoutes(app, { config, db, storage, background });
  await registerClient(app, deps.clientDir ?? clientBuildDir);

  app.log.debug({ devIdp: !config.oidc ? DEV_CLIENT_ID : undefined }, "app built");
  return app;
}

/**
 * The logger's options: off when `LOG_LEVEL=silent`; readable lines in a terminal, JSON lines for log
 * collectors (docs/features/operations.md); never a cookie, token or secret (docs/DESIGN.md §5).
 */
function loggerOptions(config: Config, logStream: AppDeps["logStream"]) {
  return config.logLevel === "silent"
    ? false
    : {
        level: config.logLevel,
        // docs/DESIGN.md §5: logs never contain cookies, tokens or secrets.
        redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
        serializers: {
          req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url) }),
          err: serializeError,
        },
        // Readable lines in a terminal, JSON lines for log collectors (docs/features/operations.md).
        stream:
          logStream ??
          (process.stdout.isTTY
            ? pinoPretty({ colorize: true, translateTime: "HH:MM:ss", ignore: "pid,hostname" })
            : undefined),
      };
}

/**
 * Fastify's options for serving HTTPS with HTTP/2 when the configuration has a certificate
 * (docs/DESIGN.md §1): a phone then fetches a page's many small files over one connection instead of
 * six at a time (docs/decisions/015 "Phones"). HTTP/1.1 over TLS is still answered (`allowHTTP1`),
 * for clients and probes that do not speak HTTP/2. Typed as a plain object so the app keeps one
 * type: Fastify's request and reply are the same for both protocols.
 */
function secureServerOptions(tls: Config["tls"]): object {
  return tls ? { http2: true, https: { allowHTTP1: true, cert: tls.cert, key: tls.key } } : {};
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
    .replace(
      /([?&](?:code|state|session_state|iss|token|near|q|bbox|cursor|lat|lng|latitude|longitude)=)[^&#]*/gi,
      "$1[redacted]",
    )
    .replace(/^(\/api\/calendar\/)[^/?#]+?(\.ics)?(?=[?#]|$)/, "$1[redacted]$2");
}
