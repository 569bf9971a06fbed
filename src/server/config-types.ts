/**
 * What the server runs with (docs/DESIGN.md §2 "Configuration"): the validated configuration's shape,
 * which src/server/config.ts reads from the environment.
 */
import type { Language } from "../contract/i18n";
import type { NewcomerLimits } from "../contract/trust";

/** Rate limits, per client and minute (docs/DESIGN.md §5); overridable so tests can reach them quickly. */
export interface RateLimits {
  signInPerMinute: number;
  writesPerMinute: number;
  /** Messages one person may post in one thread (docs/features/operations.md finding 9). */
  messagesPerMinute: number;
}

/** The validated configuration the server runs with. */
export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections in this instance's PostgreSQL pool (`DATABASE_POOL_SIZE`, 10). */
  databasePoolSize: number;
  /**
   * PostgreSQL itself beside a pooler, a read replica and its lag bound in seconds
   * (`DATABASE_DIRECT_URL`, `DATABASE_READ_URL`, `DATABASE_READ_MAX_LAG`; docs/decisions/021).
   */
  databaseTopology: { directUrl?: string; readUrl?: string; readMaxLagSeconds: number };
  /** The published fair-use limit: free meals per member in 28 days (`FREE_MEALS_PER_28_DAYS`), or null. */
  freeMealsPer28Days: number | null;
  /** What a newcomer may hold or write at a time (`NEWCOMER_*`; docs/decisions/020 "Limits"). */
  newcomerLimits: NewcomerLimits;
  /**
   * Mail someone else can make MealShare send, a day: to one inbox over every kind, and asked by one
   * client (`MAIL_PER_INBOX_PER_DAY`, `MAIL_PER_CLIENT_PER_DAY`; docs/decisions/020 "Mail caps").
   */
  mailCaps: { perInbox: number; perClient: number };
  /**
   * Days a deleted account waits, hidden, before it is erased (`ACCOUNT_DELETION_DAYS`, 14; 0 erases at
   * once; docs/decisions/017): signing in and pressing "Keep my account" undoes it meanwhile.
   */
  accountDeletionDays: number;
  /** Days read notifications and alert matches are kept (`RETENTION_DAYS`, 365; docs/decisions/015). */
  retentionDays: number;
  publicUrl: string;
  /**
   * The certificate chain and private key (PEM) to serve HTTPS with HTTP/2 on `port` itself
   * (`TLS_CERT_FILE`, `TLS_KEY_FILE`; docs/DESIGN.md §1), with their files, which are watched for a
   * renewed pair every `reloadMs` (src/server/tls.ts); undefined for plain HTTP/1.1.
   */
  tls: { cert: Buffer; key: Buffer; certFile: string; keyFile: string; reloadMs: number } | undefined;
  sessionSecret: string;
  adminEmails: string[];
  /** Whom members write to about their data (`SUPPORT_EMAIL`; the Privacy page), or null. */
  supportEmail: string | null;
  /**
   * How members sign in (`SIGN_IN`, docs/decisions/016): `email` — MealShare's own emailed codes and
   * passkeys; `oidc` — the provider at `oidc`; `dev` — the bundled development provider, which signs
   * anyone in as any email.
   */
  signIn: "email" | "oidc" | "dev";
  oidc: { issuerUrl: string; clientId: string; clientSecret: string | undefined } | undefined;
  /** `signIn` is `dev`. */
  devLogin: boolean;
  /**
   * The dev sign-in may grant admin (ADMIN_EMAIL): only when the server listens on loopback, or
   * DEV_ADMIN is set as well as DEV_LOGIN (anyone who reaches it can type any email).
   */
  devAdmin: boolean;
  /**
   * Which `X-Forwarded-For` entries to believe (Fastify's `trustProxy`): false for none, a number
   * of proxy hops in front of the app, or the proxies' addresses and CIDR ranges. Never "all":
   * the leftmost entries are whatever the client sent, and the rate limits key on the address.
   */
  trustProxy: false | number | string[];
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  logLevel: string;
  /** Bearer token of `GET /metrics`; unset: no metrics. */
  metricsToken: string | undefined;
  rateLimits: RateLimits;
  /**
   * Notification emails (docs/features/notifications.md point 3). No `smtpUrl`: logged in development,
   * skipped in production.
   */
  /**
   * Sending email (docs/features/notifications.md "Mail that reaches the inbox"): the SMTP server, the
   * From, the envelope sender bounces go to, DKIM signing when configured, and after how many
   * permanent failures in a row an address is no longer mailed.
   */
  email: {
    smtpUrl: string | undefined;
    from: string;
    bounceAddress?: string;
    dkim?: { domainName: string; keySelector: string; privateKey: string };
    stopAfter?: number;
  };
  /**
   * Web Push (docs/features/notifications.md point 2): the VAPID key pair when set in the environment
   * (otherwise made on first start and kept in the database), the contact sent to push services, and the
   * push services the server will send to — the browser names the endpoint, so anything else would let a
   * client make the server POST where it likes.
   */
  push: {
    vapidKeys: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    allowedHosts: string[];
  };
  /**
   * How often each instance asks the job queue for due work, in seconds (docs/features/notifications.md
   * point 5).
   */
  jobPollingSeconds: number;
  /**
   * Whether this instance keeps the clock of the scheduled jobs (sweeps, certificate checks): on in
   * every running app; tests that run those jobs themselves turn it off so the clock cannot race them.
   */
  scheduledJobs: boolean;
  /**
   * The deployment's money: ISO 4217 code; prices are integer minor units
   * (docs/features/languages-currency-impact.md point 2).
   */
  currency: string;
  /**
   * Card payments through Stripe Connect (docs/decisions/022), or undefined for cash at pickup only:
   * the keys, Stripe's API and Stripe.js (another for the local Stripe), and the platform's fee in percent.
   */
  payments?: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    apiUrl?: string;
    jsUrl: string;
    feePercent: number;
  };
  /**
   * The language of visitors whose browser asks for none we ship, and of emails to members who never
   * chose one.
   */
  defaultLanguage: Language;
  /**
   * Place search (docs/DESIGN.md §6c; docs/features/neighbourhood.md point 4): a Nominatim- or
   * Photon-compatible API, asked at most once per `minIntervalMs` by each instance, with a
   * `userAgent` naming the deployment (Nominatim's usage policy). Unset: no place search; pins and
   * device positions still work.
   */
  geocoder:
    | { url: string; api: "nominatim" | "photon"; minIntervalMs: number; userAgent: string }
    | undefined;
  /**
   * The maps (docs/features/neighbourhood.md point 5): an XYZ tile URL template, the attribution its
   * provider requires (HTML, shown on every map) and where a map opens when it has no point of its
   * own yet.
   */
  map: {
    tileUrl: string;
    attribution: string;
    center: { latitude: number; longitude: number; zoom: number };
  };
  /** At most one push or email per alert per this many minutes, listing its new meals. */
  alertDigestMinutes: number;
}
