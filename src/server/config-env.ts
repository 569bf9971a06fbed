/**
 * The environment variables MealShare reads, as a zod schema (docs/DESIGN.md §2 lists each): empty
 * values count as unset, numbers and flags are parsed, and a bad value is reported by its name.
 * config.ts turns the parsed values into the `Config` the app runs with.
 */
import { z } from "zod";
import { languageSchema } from "../contract/i18n";
import { DEFAULT_MAP } from "../contract/map-defaults";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
/** An IPv4 or IPv6 address with an optional prefix length, or one of proxy-addr's named ranges. */
const PROXY_ADDRESS =
  /^(?:loopback|linklocal|uniquelocal|\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?|[0-9a-f:]*:[0-9a-f:.]*(?:\/\d{1,3})?)$/i;
const flag = z.preprocess(emptyToUndefined, z.enum(["0", "1", "true", "false"]).optional());

/** The environment, validated. */
export const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(["development", "production", "test"]).default("development"),
  ),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(5000)),
  HOST: z.preprocess(emptyToUndefined, z.string().optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  // docs/decisions/021: PostgreSQL itself when DATABASE_URL is PgBouncer in transaction mode (LISTEN and
  // the migrations' lock go here); a streaming replica for reads that may be a moment behind, and how
  // far behind (seconds) it may be before reads skip it.
  DATABASE_DIRECT_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATABASE_READ_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATABASE_READ_MAX_LAG: z.preprocess(emptyToUndefined, z.coerce.number().min(1).max(300).default(5)),
  // Connections each instance keeps to PostgreSQL: instances × this must stay under the server's
  // max_connections (100 by default), with room for the rest.
  DATABASE_POOL_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(2).max(100).default(10)),
  // docs/features/fair-shares.md point 4: free meals a member may receive in 28 days; unset = no limit.
  FREE_MEALS_PER_28_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).optional()),
  // docs/decisions/020 "Limits": what a newcomer (no completed exchange yet) may hold or write at a time.
  NEWCOMER_OPEN_REQUESTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(3)),
  NEWCOMER_LINKS_PER_TEXT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(20).default(1)),
  NEWCOMER_DRAW_ENTRIES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(2)),
  NEWCOMER_NEW_CONTACTS_PER_DAY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100).default(5),
  ),
  // docs/decisions/020 "Mail caps": mail others can make MealShare send, per inbox and per asking client a day.
  MAIL_PER_INBOX_PER_DAY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1000).default(10),
  ),
  MAIL_PER_CLIENT_PER_DAY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(10000).default(30),
  ),
  // docs/decisions/017: days between "Delete my account" and the erasure; 0 erases at once.
  ACCOUNT_DELETION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(90).default(14)),
  // docs/decisions/015: how long read notifications and old alert matches are kept.
  RETENTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(30).max(36500).default(365)),
  PUBLIC_URL: optionalUrl,
  // docs/DESIGN.md §1: HTTPS with HTTP/2 on PORT when both are set (PEM files).
  TLS_CERT_FILE: optionalString,
  TLS_KEY_FILE: optionalString,
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  ADMIN_EMAIL: optionalString,
  // docs/decisions/017: the operator's contact on the Privacy page.
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  OIDC_ISSUER_URL: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  // docs/decisions/016: who vouches for a member's email; unset = oidc with OIDC_ISSUER_URL, email for a
  // real deployment (production or a non-loopback HOST), dev on this machine.
  SIGN_IN: z.preprocess(emptyToUndefined, z.enum(["email", "oidc", "dev"]).optional()),
  DEV_LOGIN: flag,
  DEV_ADMIN: flag,
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (value) => value !== "true",
        "must be a hop count or a list of proxy addresses: true would trust every X-Forwarded-For entry, which the client writes",
      )
      .refine(
        (value) => /^\d+$/.test(value) || value.split(",").every((item) => PROXY_ADDRESS.test(item.trim())),
        "must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges",
      )
      .optional(),
  ),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: flag,
  RATE_LIMIT_SIGNIN_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30)),
  RATE_LIMIT_WRITES_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(120)),
  RATE_LIMIT_MESSAGES_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30)),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  MAIL_FROM: optionalString,
  /** The envelope sender (Return-Path) bounces and complaints go to; MAIL_FROM's address when unset. */
  MAIL_BOUNCE_ADDRESS: z.preprocess(emptyToUndefined, z.email().optional()),
  /** DKIM signing (nodemailer's `dkim`): all three, or none. The key is PEM text or a file's path. */
  MAIL_DKIM_DOMAIN: optionalString,
  MAIL_DKIM_SELECTOR: optionalString,
  MAIL_DKIM_PRIVATE_KEY: optionalString,
  /** Permanent failures in a row after which MealShare stops emailing an address. */
  MAIL_STOP_AFTER: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(3)),
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key (87 characters)")
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters)")
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https:// URL")
      .optional(),
  ),
  PUSH_ALLOWED_HOSTS: optionalString,
  // docs/decisions/022: card payments through Stripe Connect; the three keys together, or none (cash only).
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)")
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^pk_(test|live)_\S+$/, "must be a Stripe publishable key (pk_test_… or pk_live_…)")
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^whsec_\S+$/, "must be a webhook signing secret (whsec_…)")
      .optional(),
  ),
  // Another Stripe API and Stripe.js than Stripe's own: the local Stripe of `npm run dev:payments`.
  STRIPE_API_URL: optionalUrl,
  STRIPE_JS_URL: optionalUrl,
  // The platform's part of each card payment, in percent (0 by default: the cook gets it all).
  STRIPE_FEE_PERCENT: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(50).default(0)),
  CURRENCY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as USD, EUR or GBP")
      .refine((code) => Intl.supportedValuesOf("currency").includes(code), "is not a currency Intl knows")
      .default("USD"),
  ),
  DEFAULT_LOCALE: z.preprocess(
    (value) => (typeof value === "string" && value ? value.toLowerCase().split(/[-_]/)[0] : undefined),
    languageSchema.default("en"),
  ),
  // "off" turns off the public default a real deployment gets (docs/decisions/018).
  GEOCODER_URL: z.preprocess(emptyToUndefined, z.union([z.literal("off"), z.url()]).optional()),
  GEOCODER_API: z.preprocess(emptyToUndefined, z.enum(["nominatim", "photon"]).default("nominatim")),
  GEOCODER_MIN_INTERVAL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(60_000).default(1000),
  ),
  MAP_TILE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^https?:\/\/[^\s/]+\/\S*\{z\}\S*\{x\}\S*\{y\}\S*$/,
        "must be an http(s) URL template with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      )
      .default(DEFAULT_MAP.tileUrl),
  ),
  MAP_ATTRIBUTION: z.preprocess(emptyToUndefined, z.string().max(500).default(DEFAULT_MAP.attribution)),
  MAP_CENTER: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^-?\d{1,2}(\.\d+)?,\s*-?\d{1,3}(\.\d+)?,\s*\d{1,2}$/,
        "must be latitude,longitude,zoom, e.g. 51.51,-0.12,12",
      )
      .refine((value) => {
        const [latitude, longitude, zoom] = value.split(",").map(Number);
        return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 && zoom <= 19;
      }, "must be a point on the earth and a zoom of at most 19")
      .default(`${DEFAULT_MAP.center.latitude},${DEFAULT_MAP.center.longitude},${DEFAULT_MAP.center.zoom}`),
  ),
  ALERT_DIGEST_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .min(0.1)
      .max(24 * 60)
      .default(60),
  ),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
});

/** The parsed environment. */
export type Env = z.infer<typeof envSchema>;
