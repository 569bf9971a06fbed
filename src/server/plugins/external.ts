/**
 * The external plugins, in the order they must run: cookies (sessions and the rate limiter read
 * them), ETags before compression, security headers with the CSP, the rate limit on writes, SSE
 * and the OpenAPI documents (docs/DESIGN.md §5, the security baseline).
 */
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyEtag from "@fastify/etag";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySse from "@fastify/sse";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { brotliOptions, COMPRESSION } from "../compression";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { CODE_AFTER_PICTURE_HASH, NEWEST_IN_VIEW_HASH } from "../first-screen";
import { sseOptions } from "../live/routes";
import { postgresRateLimitStore, rateLimitKey } from "../rate-limit-store";
import type { ObjectStorage } from "../storage/storage";

/** Methods that change nothing: never rate limited, never origin-checked. */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export async function registerExternalPlugins(
  app: FastifyInstance,
  { config, database, storage }: { config: Config; database: Database; storage: ObjectStorage },
) {
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  // ETags before compression: both work in onSend, in this order, so the hash is of the JSON a
  // client revalidates (304 on If-None-Match), not of one of its compressed encodings. Streams
  // (files, SSE) and replies that carry an ETag already are left alone.
  await app.register(fastifyEtag);
  // Text over the threshold goes out brotli- or gzip-compressed (compression.ts); the built client is
  // compressed at build time and served as is (plugins/client.ts); event streams are never compressed.
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION.threshold,
    encodings: COMPRESSION.encodings,
    brotliOptions: brotliOptions(),
    zlibOptions: { level: COMPRESSION.gzipLevel },
    syncThreshold: COMPRESSION.syncThreshold,
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: cspDirectives(config, await bucketOrigin(storage, config)) },
    hsts: config.publicUrl.startsWith("https://"),
  });
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimits.writesPerMinute,
    timeWindow: "1 minute",
    // Writes are limited; reads are cheap and paginated.
    allowList: (request) => SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/"),
    // A client that has already gone has no address; its request still needs a key.
    keyGenerator: rateLimitKey,
    // On PostgreSQL every instance counts together; PGlite is one process.
    ...(database.driver.kind === "pg" ? { store: postgresRateLimitStore(database.db) } : {}),
  });
  await app.register(fastifySse, sseOptions);
  await app.register(fastifySwagger, {
    openapi: { info: { title: "MealShare API", version: "0.1.0" } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });
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
 * The CSP source of a tile URL template: its scheme and host, with a `{s}` subdomain as a wildcard
 * (`https://{s}.tile.example.org/…` → `https://*.tile.example.org`).
 */
export function tileSource(tileUrl: string): string {
  const match = /^(https?:\/\/)([^/]+)/.exec(tileUrl);
  if (!match) return "'none'";
  return `${match[1]}${match[2].replace(/\{s\}/g, "*")}`;
}

/** Where Stripe.js loads from, frames and calls: Stripe's own, or the local Stripe's one origin. */
function stripeOrigins(config: Config): { script: string[]; frame: string[]; connect: string[] } {
  if (!config.payments) return { script: [], frame: [], connect: [] };
  const js = new URL(config.payments.jsUrl).origin;
  const api = config.payments.apiUrl ? new URL(config.payments.apiUrl).origin : "https://api.stripe.com";
  return { script: [js], frame: [js, "https://hooks.stripe.com", api], connect: [api, js] };
}

/**
 * A strict CSP the built client passes: no inline scripts but the first screen's loader, images only from us, and connections to
 * us and the bucket that takes uploads (docs/DESIGN.md §5).
 */
function cspDirectives(config: Config, bucketOrigin: string | null) {
  const bucket = bucketOrigin ? [bucketOrigin] : [];
  const issuer = config.oidc ? [new URL(config.oidc.issuerUrl).origin] : [];
  // Stripe.js, its frames and its API, as Stripe documents them (docs/decisions/022), only with payments.
  const stripe = stripeOrigins(config);
  return {
    defaultSrc: ["'self'"],
    // And the two inline scripts of a server-drawn page (../first-screen.ts).
    scriptSrc: ["'self'", CODE_AFTER_PICTURE_HASH, NEWEST_IN_VIEW_HASH, ...stripe.script],
    ...(stripe.frame.length > 0 ? { frameSrc: ["'self'", ...stripe.frame] } : {}),
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Map tiles come from exactly the configured host (docs/DESIGN.md §6c).
    imgSrc: ["'self'", "data:", "blob:", tileSource(config.map.tileUrl)],
    connectSrc: ["'self'", ...bucket, ...stripe.connect],
    fontSrc: ["'self'", "data:"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...issuer],
    upgradeInsecureRequests: config.publicUrl.startsWith("https://") ? [] : null,
  };
}
