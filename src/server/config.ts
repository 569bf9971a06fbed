/**
 * Runtime configuration, read from the environment and validated with zod at start-up
 * (docs/DESIGN.md §2). A bad value stops the server with one line naming the variable.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Env, envSchema } from "./config-env";
import type { Config } from "./config-types";

export type { Config, RateLimits } from "./config-types";

/**
 * The push services of the browsers people use (Chrome/Edge/Android: FCM; Firefox: Mozilla;
 * Windows: WNS; Safari: Apple). A host is allowed when it is one of these or ends with "." + one.
 */
export const DEFAULT_PUSH_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "push.services.mozilla.com",
  "notify.windows.com",
  "push.apple.com",
];

/** Thrown when the environment holds a bad value; `message` is the one line to print. */
export class ConfigError extends Error {}

const isOn = (value: string | undefined) => value === "1" || value === "true";

/** True for addresses only this machine can reach: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/**
 * Reads and validates the configuration.
 * @param env the environment, usually `process.env`
 * @param overrides values tests set directly (e.g. a low rate limit)
 * @throws ConfigError naming the first bad variable
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = parseEnv(env);
  const production = e.NODE_ENV === "production";

  const signIn = e.SIGN_IN ?? defaultSignIn(e.OIDC_ISSUER_URL, production, e.HOST, isOn(e.DEV_LOGIN));
  // The bundled dev sign-in lets anyone type any email: it stays on this machine unless asked for.
  const host = e.HOST ?? (signIn === "dev" ? "127.0.0.1" : "0.0.0.0");
  assertCombinations(e, production, signIn, host);
  const tls = tlsOf(e);

  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `${tls ? "https" : "http"}://localhost:${e.PORT}`).replace(/\/+$/, "");
  const mailFrom = e.MAIL_FROM ?? `MealShare <no-reply@${new URL(publicUrl).hostname}>`;

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTopology: {
      directUrl: e.DATABASE_DIRECT_URL,
      readUrl: e.DATABASE_READ_URL,
      readMaxLagSeconds: e.DATABASE_READ_MAX_LAG,
    },
    ...limitsOf(e),
    publicUrl,
    tls,
    sessionSecret: e.SESSION_SECRET ?? localSessionSecret(dataDir),
    supportEmail: e.SUPPORT_EMAIL ?? null,
    adminEmails: (e.ADMIN_EMAIL ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    ...signInOf(e, signIn, host),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    s3: s3Of(e),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    email: {
      smtpUrl: e.SMTP_URL,
      from: mailFrom,
      bounceAddress: e.MAIL_BOUNCE_ADDRESS,
      dkim: dkimOf(e),
      stopAfter: e.MAIL_STOP_AFTER,
    },
    push: pushOf(e, publicUrl, mailFrom),
    jobPollingSeconds: 1,
    scheduledJobs: true,
    currency: e.CURRENCY,
    payments: paymentsOf(e),
    defaultLanguage: e.DEFAULT_LOCALE,
    geocoder: geocoderOf(e, production, publicUrl),
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION, center: parseMapCenter(e.MAP_CENTER) },
    alertDigestMinutes: e.ALERT_DIGEST_MINUTES,
    ...overrides,
  };
}

/**
 * The limits a deployment sets (docs/decisions/020 newcomers, docs/features/fair-shares.md free meals,
 * docs/DESIGN.md §5 rate limits and mail caps, §7 retention and account deletion).
 */
function limitsOf(e: Env) {
  return {
    freeMealsPer28Days: e.FREE_MEALS_PER_28_DAYS ?? null,
    newcomerLimits: {
      openRequests: e.NEWCOMER_OPEN_REQUESTS,
      linksPerText: e.NEWCOMER_LINKS_PER_TEXT,
      drawEntries: e.NEWCOMER_DRAW_ENTRIES,
      newContactsPerDay: e.NEWCOMER_NEW_CONTACTS_PER_DAY,
    },
    mailCaps: { perInbox: e.MAIL_PER_INBOX_PER_DAY, perClient: e.MAIL_PER_CLIENT_PER_DAY },
    retentionDays: e.RETENTION_DAYS,
    accountDeletionDays: e.ACCOUNT_DELETION_DAYS,
    rateLimits: {
      signInPerMinute: e.RATE_LIMIT_SIGNIN_PER_MINUTE,
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
      messagesPerMinute: e.RATE_LIMIT_MESSAGES_PER_MINUTE,
    },
  } satisfies Partial<Config>;
}

/**
 * The environment parsed by `envSchema` (docs/DESIGN.md §2 "Configuration").
 * @throws ConfigError naming the first bad variable
 */
function parseEnv(env: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name = String(issue.path[0] ?? "environment");
  throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
}

/**
 * How members sign in (docs/DESIGN.md §5): OIDC with its issuer, emailed codes, or the bundled dev
 * sign-in, whose admin switch is on only on this machine unless asked for.
 */
function signInOf(e: Env, signIn: Config["signIn"], host: string) {
  const devLogin = signIn === "dev";
  return {
    signIn,
    oidc:
      signIn === "oidc" && e.OIDC_ISSUER_URL
        ? { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID!, clientSecret: e.OIDC_CLIENT_SECRET }
        : undefined,
    devLogin,
    devAdmin: devLogin && (isLoopbackHost(host) || isOn(e.DEV_ADMIN)),
  } satisfies Partial<Config>;
}

/** HTTPS from the certificate and key files, when both are named (docs/DESIGN.md §2), reread every minute. */
function tlsOf(e: Env): Config["tls"] {
  return e.TLS_CERT_FILE && e.TLS_KEY_FILE
    ? {
        cert: readPemFile("TLS_CERT_FILE", e.TLS_CERT_FILE),
        key: readPemFile("TLS_KEY_FILE", e.TLS_KEY_FILE),
        certFile: e.TLS_CERT_FILE,
        keyFile: e.TLS_KEY_FILE,
        reloadMs: 60_000,
      }
    : undefined;
}

/** Photos in an S3 bucket when one is named (docs/decisions/021), else on the local disk. */
function s3Of(e: Env): Config["s3"] {
  return e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION ?? "us-east-1",
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: isOn(e.S3_FORCE_PATH_STYLE),
      }
    : undefined;
}

/**
 * Web push (docs/features/notifications.md): the VAPID keys when set, the subject the push services
 * may write to (the public URL over HTTPS, else the sender's address), and the push services allowed.
 */
function pushOf(e: Env, publicUrl: string, mailFrom: string): Config["push"] {
  return {
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    subject:
      e.VAPID_SUBJECT ?? (publicUrl.startsWith("https://") ? publicUrl : `mailto:${addressOf(mailFrom)}`),
    allowedHosts: e.PUSH_ALLOWED_HOSTS
      ? e.PUSH_ALLOWED_HOSTS.split(",")
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean)
      : DEFAULT_PUSH_HOSTS,
  };
}

/**
 * The geocoder, named to it by this deployment's address (docs/decisions/018): a real deployment finds
 * typed addresses with OpenStreetMap's public Nominatim unless it names another geocoder or "off"; this
 * machine's quick start asks nobody.
 */
function geocoderOf(e: Env, production: boolean, publicUrl: string): Config["geocoder"] {
  const realDeployment = production || (e.HOST !== undefined && !isLoopbackHost(e.HOST));
  const geocoderUrl =
    e.GEOCODER_URL === "off"
      ? undefined
      : (e.GEOCODER_URL ?? (realDeployment ? PUBLIC_NOMINATIM : undefined));
  return geocoderUrl
    ? {
        url: geocoderUrl.replace(/\/+$/, ""),
        api: e.GEOCODER_URL ? e.GEOCODER_API : "nominatim",
        minIntervalMs: e.GEOCODER_MIN_INTERVAL_MS,
        // Nominatim's usage policy asks for an application's name and a way to reach its operator.
        userAgent: `MealShare/0.1 (+${publicUrl}${e.SUPPORT_EMAIL ? `; ${e.SUPPORT_EMAIL}` : ""})`,
      }
    : undefined;
}

/** Stripe.js as Stripe serves it. */
export const STRIPE_JS_URL = "https://js.stripe.com/v3/";

/**
 * Card payments from STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET (docs/decisions/022).
 * @throws ConfigError when some of the three are set and not all
 */
function paymentsOf(e: Env): Config["payments"] {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey } = e;
  const webhookSecret = e.STRIPE_WEBHOOK_SECRET;
  const set = [secretKey, publishableKey, webhookSecret].filter(Boolean).length;
  if (set === 0) return undefined;
  if (!secretKey || !publishableKey || !webhookSecret)
    throw new ConfigError(
      "Invalid configuration: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together",
    );
  return {
    secretKey,
    publishableKey,
    webhookSecret,
    apiUrl: e.STRIPE_API_URL,
    jsUrl: e.STRIPE_JS_URL ?? STRIPE_JS_URL,
    feePercent: e.STRIPE_FEE_PERCENT,
  };
}

/** OpenStreetMap's public Nominatim: a real deployment's geocoder unless it names another (docs/decisions/018). */
export const PUBLIC_NOMINATIM = "https://nominatim.openstreetmap.org";

/**
 * docs/decisions/016: a configured provider wins; a real deployment (production, or listening beyond
 * this machine) signs people in by email; this machine keeps the README's dev sign-in, as does
 * DEV_LOGIN=1, which asks for it on purpose.
 */
function defaultSignIn(
  issuerUrl: string | undefined,
  production: boolean,
  host: string | undefined,
  devLogin: boolean,
): Config["signIn"] {
  if (issuerUrl) return "oidc";
  if (devLogin) return "dev";
  if (production || (host !== undefined && !isLoopbackHost(host))) return "email";
  return "dev";
}

/**
 * The variables that only make sense together, or only in some deployments (docs/DESIGN.md §2).
 * @throws ConfigError naming the first broken combination
 */
function assertCombinations(e: Env, production: boolean, signIn: Config["signIn"], host: string): void {
  const oidcSet = [e.OIDC_ISSUER_URL, e.OIDC_CLIENT_ID].filter(Boolean).length;
  const devLogin = signIn === "dev";
  if (production && !e.SESSION_SECRET) {
    throw new ConfigError("Invalid configuration: SESSION_SECRET is required when NODE_ENV=production");
  }

  if (oidcSet === 1) {
    throw new ConfigError("Invalid configuration: OIDC_ISSUER_URL and OIDC_CLIENT_ID must be set together");
  }

  if (signIn === "oidc" && !e.OIDC_ISSUER_URL) {
    throw new ConfigError("Invalid configuration: OIDC_ISSUER_URL is required with SIGN_IN=oidc");
  }

  if (signIn === "dev" && production && !isOn(e.DEV_LOGIN)) {
    throw new ConfigError(
      "Invalid configuration: SIGN_IN=dev signs anyone in as any email; NODE_ENV=production allows it only with DEV_LOGIN=1",
    );
  }

  if (signIn === "email" && production && !e.SMTP_URL) {
    throw new ConfigError(
      "Invalid configuration: SMTP_URL is required for emailed sign-in (SIGN_IN=email) when NODE_ENV=production",
    );
  }

  if (devLogin && !isLoopbackHost(host) && !isOn(e.DEV_LOGIN)) {
    throw new ConfigError(
      `Invalid configuration: HOST=${host} would open the bundled dev sign-in, where anyone can sign in as any email, to the network; set SIGN_IN=email or OIDC_ISSUER_URL for real sign-in, or DEV_LOGIN=1 to allow it`,
    );
  }

  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      "Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together",
    );
  }

  if (e.S3_BUCKET && !e.S3_REGION && !e.S3_ENDPOINT) {
    throw new ConfigError("Invalid configuration: S3_REGION or S3_ENDPOINT is required with S3_BUCKET");
  }

  if (Boolean(e.TLS_CERT_FILE) !== Boolean(e.TLS_KEY_FILE)) {
    throw new ConfigError("Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE must be set together");
  }
}

/**
 * Reads one of the TLS files: its bytes, which must hold a PEM block.
 * @throws ConfigError naming the variable when the file cannot be read or is not PEM
 */
export function readPemFile(variable: string, file: string): Buffer {
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration: ${variable}=${file} cannot be read (${(error as Error).message})`,
    );
  }
  if (!content.includes("-----BEGIN ")) {
    throw new ConfigError(`Invalid configuration: ${variable}=${file} is not a PEM file`);
  }
  return content;
}

/**
 * DKIM signing from MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR and MAIL_DKIM_PRIVATE_KEY (PEM text, or the
 * path of a PEM file): all three or none.
 * @throws ConfigError when only some are set, or the key is not PEM
 */
function dkimOf(e: Env): Config["email"]["dkim"] {
  const { MAIL_DKIM_DOMAIN: domainName, MAIL_DKIM_SELECTOR: keySelector, MAIL_DKIM_PRIVATE_KEY: key } = e;
  if (!domainName && !keySelector && !key) return undefined;
  if (!domainName || !keySelector || !key)
    throw new ConfigError(
      "Invalid configuration: MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR and MAIL_DKIM_PRIVATE_KEY go together",
    );
  const privateKey = key.includes("-----BEGIN ")
    ? key.replace(/\\n/g, "\n")
    : readPemFile("MAIL_DKIM_PRIVATE_KEY", key).toString("utf8");
  return { domainName, keySelector, privateKey };
}

/** TRUST_PROXY's value: unset or 0 → off, a number → that many hops, else the listed proxies. */
function parseTrustProxy(value: string | undefined): Config["trustProxy"] {
  if (value === undefined || value === "false" || value === "0") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** MAP_CENTER's "latitude,longitude,zoom". */
function parseMapCenter(value: string): Config["map"]["center"] {
  const [latitude, longitude, zoom] = value.split(",").map(Number);
  return { latitude, longitude, zoom };
}

/** The address of a From header such as `MealShare <no-reply@example.org>`. */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/**
 * The one warning line to print at start-up when the bundled dev sign-in answers on an address
 * other machines can reach (DEV_LOGIN=1 asked for it), saying whether it also makes admins
 * (DEV_ADMIN=1); undefined when there is nothing to warn about.
 */
export function devLoginWarning(config: Pick<Config, "devLogin" | "devAdmin" | "host" | "port">) {
  if (!config.devLogin || isLoopbackHost(config.host)) return undefined;
  const admin = config.devAdmin
    ? "and, since DEV_ADMIN is set, as an ADMIN_EMAIL admin"
    : "(ADMIN_EMAIL grants no admin here unless DEV_ADMIN=1)";
  return `Warning: DEV_LOGIN is set and the bundled dev sign-in is active on ${config.host}:${config.port}: anyone who can reach it can sign in as any email ${admin}. Set OIDC_ISSUER_URL for real sign-in, or HOST=127.0.0.1 to keep it on this machine.`;
}

/**
 * Outside production a missing SESSION_SECRET is replaced by a random one kept in DATA_DIR, so
 * sessions survive restarts and instances sharing DATA_DIR agree, without a well-known default.
 */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, ".session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    chmodSync(file, 0o600);
    return secret;
  } catch {
    // Another instance sharing DATA_DIR wrote it first: use theirs.
    return readFileSync(file, "utf8").trim();
  }
}
