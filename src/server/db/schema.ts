/**
 * The database schema: every entity of spec §3, with the constraints of docs/DESIGN.md §4 enforced by
 * PostgreSQL itself (checks, foreign keys, partial unique indexes) and an index for each list query.
 * Migrations are generated from this file by `npm run db:generate`.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { DrawResult } from "../../contract/draw";
import { MODERATED_KINDS } from "../../contract/moderation";
import {
  type AgreedTerms,
  type MealChangeLine,
  OPEN_REQUEST_STATUSES,
  REQUEST_STATUSES,
  type TermsChange as TermsChangeRow,
} from "../../contract/requests";

/** Millisecond precision, so a cursor carrying a JS Date points exactly at its row (docs/DESIGN.md §6). */
const nowMs = sql`date_trunc('milliseconds', now())`;
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().default(nowMs);
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** A full-text search document (PostgreSQL `tsvector`); only ever read by SQL, never by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
/** A point on the earth as `earthdistance` stores it (a 3-D `cube`, metres from the earth's centre). */
const cube = customType<{ data: string }>({ dataType: () => "cube" });
/** A full-text query (PostgreSQL `tsquery`), stored so a saved alert is not parsed again per meal. */
const tsquery = customType<{ data: string }>({ dataType: () => "tsquery" });
/** Raw bytes (a passkey's public key). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * The text search configurations the migration 0004 creates: `mealshare` is English stemming
 * after `unaccent` ("Crèmes" → "creme"), `mealshare_words` keeps whole words (for typo matching).
 */
export const SEARCH_CONFIG = "mealshare";

// Index columns sorted newest first say `.desc().nullsFirst()`: that is what `ORDER BY … DESC`
// means, and PostgreSQL reads an index in list order only when the null order matches too.

/** Constant strings as a SQL list of literals (`'a', 'b'`): for checks and index predicates. */
function textLiterals(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "));
}

export const userRole = pgEnum("user_role", ["eater", "feeder"]);
export const mealKind = pgEnum("meal_kind", ["free", "paid"]);
/**
 * A request's statuses (contract/plain/requests.ts REQUEST_STATUSES), kept as text with a check rather than
 * an enum since docs/features/households.md added some: a new enum value cannot be used in the
 * transaction that adds it, and migrations run in one.
 */
const REQUEST_STATUSES_SQL = textLiterals(REQUEST_STATUSES);
/**
 * The open statuses (contract/plain/requests.ts OPEN_REQUEST_STATUSES) as literals, not parameters: an
 * index's predicate, and a prepared statement's generic plan that must prove it to use the index.
 */
export const OPEN_REQUEST_STATUSES_SQL = textLiterals(OPEN_REQUEST_STATUSES);
export const reviewerRole = pgEnum("reviewer_role", ["eater", "feeder"]);
/**
 * What a report is about: a meal, a member, a text in a thread (`message`: one of its messages, or the
 * request's first words by the request's id; docs/decisions/020), or anything else.
 */
export const reportTargetType = pgEnum("report_target_type", ["meal", "user", "message", "other"]);
/**
 * How a meal is kept until pickup (docs/features/food-safety.md point 3; contract/food-safety.ts
 * STORAGE_TYPES).
 */
export const mealStorage = pgEnum("meal_storage", ["chilled", "frozen", "hot", "ambient"]);

/** The 14 allergen codes of contract/food-safety.ts, for the checks that keep stored codes valid. */
const ALLERGEN_CODES_SQL = sql.raw(
  "ARRAY['gluten','crustaceans','eggs','fish','peanuts','soybeans','milk','tree_nuts','celery','mustard','sesame','sulphites','lupin','molluscs']::text[]",
);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    oidcIssuer: text("oidc_issuer").notNull(),
    oidcSubject: text("oidc_subject").notNull(),
    email: varchar("email", { length: 320 }).notNull(),
    /** The provider's `email_verified` claim at the last sign-in: only a verified email is trusted. */
    emailVerified: boolean("email_verified").notNull().default(false),
    firstName: varchar("first_name", { length: 80 }).notNull().default(""),
    lastName: varchar("last_name", { length: 80 }).notNull().default(""),
    /**
     * How others read the member's name (docs/features/everyday-journey.md): "short" (the
     * default) is the first name and the last name's initial, "Tom B."; "full" is "Tom Becker". The
     * other side of an accepted request reads the full name whatever this says. member-names.ts.
     */
    nameShown: varchar("name_shown", { length: 5, enum: ["short", "full"] })
      .notNull()
      .default("short"),
    /**
     * Emails to the address refused for good in a row (an SMTP 5xx answer); at `MAIL_STOP_AFTER`
     * MealShare stops mailing it (`mailStoppedAt`) and Settings says why (docs/features/notifications.md
     * "Mail that reaches the inbox"). A delivered email, a new address or the member's "Email me again"
     * starts again.
     */
    mailFailures: integer("mail_failures").notNull().default(0),
    mailStoppedAt: timestamp("mail_stopped_at", { withTimezone: true }),
    profileImageUrl: text("profile_image_url"),
    bio: varchar("bio", { length: 1000 }),
    /**
     * The bio waits for a moderator (docs/decisions/020 "Held before it lands"): others read no bio
     * until it is let through.
     */
    bioHeld: boolean("bio_held").notNull().default(false),
    role: userRole("role").notNull().default("eater"),
    /** Registered to sell (docs/features/food-safety.md): the API calls it `isCook`, as spec §3 does. */
    isRegisteredCook: boolean("is_registered_cook").notNull().default(false),
    dietaryPrefs: varchar("dietary_prefs", { length: 500 }),
    /**
     * Settings → My allergies (docs/features/food-safety.md): codes of the 14 and free-text others.
     * Private to the user.
     */
    allergyCodes: text("allergy_codes").array().notNull().default(sql`'{}'::text[]`),
    allergiesOther: varchar("allergies_other", { length: 300 }).notNull().default(""),
    /** Settings → My diet: dietary tags the user follows. */
    dietTags: text("diet_tags").array().notNull().default(sql`'{}'::text[]`),
    newsletterOptIn: boolean("newsletter_opt_in").notNull().default(false),
    /**
     * A registered cook's food hygiene certificate runs out on this day (docs/features/food-safety.md
     * point 4): 30 days before, they are reminded (`cookExpiryRemindedAt`); after it, `isRegisteredCook` lapses.
     */
    cookCertificateExpiresOn: date("cook_certificate_expires_on", { mode: "string" }),
    cookExpiryRemindedAt: timestamp("cook_expiry_reminded_at", { withTimezone: true }),
    /**
     * Sum and count of the ratings of reviews received, kept by the `reviews_rating_totals`
     * trigger in the transaction that writes the review (docs/DESIGN.md §6: O(page) lists).
     */
    /**
     * Set while an admin has suspended the account (docs/features/food-safety.md): no sessions, no
     * sign-in, meals hidden.
     */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspendedReason: varchar("suspended_reason", { length: 500 }),
    /**
     * The member asked to delete their account (docs/decisions/017): their profile is hidden and their
     * open meals withdrawn until `ACCOUNT_DELETION_DAYS` have passed, then the account is erased
     * (`deletedAt`): a "Former member" row with nothing personal left, kept so others' threads read on.
     */
    deletionRequestedAt: timestamp("deletion_requested_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /**
     * Meals posted and portions picked up from them (completed requests as the cook), kept by the
     * `meals_totals_impact` and `requests_totals_impact` triggers
     * (docs/features/languages-currency-impact.md "Impact").
     */
    /**
     * SHA-256 of the private calendar feed's token (docs/features/notifications.md point 6), null while
     * the feed is off: a leaked table does not leak the feeds. Resetting the link replaces it.
     */
    calendarTokenHash: text("calendar_token_hash"),
    /**
     * Settings → Notifications (docs/features/notifications.md point 4): only the user's changes to the
     * defaults, by category and channel (`{ "messages": { "email": false } }`); read through
     * features/notifications/preferences.ts, which fills in the rest.
     */
    /**
     * The language the member chose (docs/features/languages-currency-impact.md): the app's on every
     * device, and their emails'.
     */
    locale: varchar("locale", { length: 8 }),
    notificationPreferences: jsonb("notification_preferences")
      .$type<Record<string, Record<string, boolean>>>()
      .notNull()
      .default({}),
    mealsShared: integer("meals_shared").notNull().default(0),
    portionsShared: integer("portions_shared").notNull().default(0),
    /**
     * The member's home area (docs/DESIGN.md §6c; docs/features/neighbourhood.md point 1): a point
     * rounded to 3 decimals (about 100 m) before it is stored, and the radius their lists and alerts
     * use. Private: only its owner ever reads it. `homeLabel` names the place they searched for
     * (a district or town, never a street address); null when set by pin or device position.
     */
    homeLatitude: doublePrecision("home_latitude"),
    homeLongitude: doublePrecision("home_longitude"),
    homeRadiusKm: integer("home_radius_km").notNull().default(5),
    homeLabel: varchar("home_label", { length: 120 }),
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    /**
     * The inbox the email reaches (docs/decisions/020 "One person"): lower case, without a plus-tag,
     * without dots where the provider ignores them — `mealshare_inbox_key()` of migration 0045, the one
     * place that rule lives. Accounts sharing it are one person to the fair-use limit, draws and trust.
     */
    inboxKey: varchar("inbox_key", { length: 320 })
      .notNull()
      .generatedAlwaysAs(sql`mealshare_inbox_key(email)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_oidc_identity_key").on(t.oidcIssuer, t.oidcSubject),
    index("users_inbox_key_idx").on(t.inboxKey),
    // The review queue's new accounts: those of the last 14 days (features/moderation/queue.ts).
    index("users_created_idx").on(t.createdAt),
    // Emailed sign-in finds an account proved under another sign-in by its address (docs/decisions/016).
    index("users_email_idx").on(t.email),
    check("users_allergy_codes_known", sql`${t.allergyCodes} <@ ${ALLERGEN_CODES_SQL}`),
    check("users_name_shown_known", sql`${t.nameShown} IN ('short', 'full')`),
    uniqueIndex("users_calendar_token_key").on(t.calendarTokenHash),
    // The certificate job walks registered cooks by expiry.
    index("users_cook_expiry_idx").on(t.cookCertificateExpiresOn).where(sql`${t.isRegisteredCook}`),
    check(
      "users_home_area_whole",
      sql`(${t.homeLatitude} IS NULL) = (${t.homeLongitude} IS NULL) AND (${t.homeLatitude} IS NULL OR (${t.homeLatitude} BETWEEN -90 AND 90 AND ${t.homeLongitude} BETWEEN -180 AND 180))`,
    ),
    check("users_home_radius_range", sql`${t.homeRadiusKm} BETWEEN 1 AND 50`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie's token, so a leaked table cannot be replayed as cookies. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /**
     * What Settings → Signed-in devices shows of a session (docs/decisions/016): its own id (the
     * primary key is the token's hash, never sent), the browser and system named from its
     * User-Agent ("Firefox on Android"), and when it was last used, to the hour.
     */
    publicId: uuid("public_id").notNull().defaultRandom(),
    device: varchar("device", { length: 120 }).notNull().default(""),
    /**
     * The network it signed in from, coarse (an IPv4 /24 as "203.0.113.x", an IPv6 /48 as
     * "2001:db8:1::/48"), so a member tells two "Chrome on Linux" apart without MealShare keeping
     * where anyone is (docs/features/everyday-journey.md); "" when unknown.
     */
    network: varchar("network", { length: 50 }).notNull().default(""),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_expires_at_idx").on(t.expiresAt),
    uniqueIndex("sessions_public_id_idx").on(t.publicId),
  ],
);

/**
 * An emailed one-time code (docs/decisions/016): for signing in, or for confirming a new email
 * address. Only HMACs of the code, of the link's token and of the asking browser's binding are kept;
 * five wrong codes end it (`attempts`), and it works once (`usedAt`) within `expiresAt`. A new
 * member's verified code (`verifiedAt`) then waits for their name.
 */
export const signInCodes = pgTable(
  "sign_in_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purpose: text("purpose", { enum: ["sign_in", "email_change", "delete_account", "proof"] }).notNull(),
    /**
     * Who asked (docs/decisions/020 "Lock-out"): `owner` — a browser that holds the address's last
     * session (its `known` cookie) or the member themselves; `other` — anyone else. Each has its own
     * daily count, so others' asks cannot use up the owner's.
     */
    requester: text("requester", { enum: ["owner", "other"] })
      .notNull()
      .default("other"),
    /** Lower-cased: the address the code went to. */
    email: varchar("email", { length: 320 }).notNull(),
    /** The member changing their email (purpose `email_change`). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    linkHash: text("link_hash").notNull(),
    browserHash: text("browser_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("sign_in_codes_email_idx").on(t.email, t.createdAt),
    index("sign_in_codes_expires_idx").on(t.expiresAt),
    index("sign_in_codes_user_idx").on(t.userId),
  ],
);

/**
 * A member's passkey (WebAuthn, docs/decisions/016): the credential's id and public key (COSE), the
 * signature counter last seen, and what Settings shows.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    /** The credential ID, base64url. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 60 }).notNull(),
    publicKey: bytea("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId, t.createdAt)],
);

/**
 * A WebAuthn challenge waiting for its answer (docs/decisions/016), in the database so any instance
 * can check it; used once, within minutes. `userId` is the member adding a passkey; null for a
 * sign-in.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    challenge: text("challenge").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);

export const meals = pgTable(
  "meals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 120 }).notNull(),
    description: varchar("description", { length: 2000 }).notNull(),
    ingredients: varchar("ingredients", { length: 2000 }).notNull(),
    /**
     * The spec's comma-separated text: for meals posted with codes, the codes' display names then
     * the free text (docs/features/food-safety.md); for older meals, what the cook typed.
     */
    allergens: varchar("allergens", { length: 500 }).notNull().default(""),
    /** Which of the 14 allergens (EU 1169/2011 Annex II) the meal contains. */
    allergenCodes: text("allergen_codes").array().notNull().default(sql`'{}'::text[]`),
    /** Allergens beyond the 14, free text, comma-separated. */
    allergensOther: varchar("allergens_other", { length: 300 }).notNull().default(""),
    /** The cook declared the meal contains none of the 14. */
    noMajorAllergens: boolean("no_major_allergens").notNull().default(false),
    dietTags: text("diet_tags").array().notNull().default(sql`'{}'::text[]`),
    /**
     * Food details (docs/features/food-safety.md point 3): when it was made, how it is kept, how to
     * reheat it.
     */
    preparedAt: timestamp("prepared_at", { withTimezone: true }),
    storage: mealStorage("storage"),
    reheating: varchar("reheating", { length: 1000 }),
    /**
     * The container label's public page (docs/features/handover.md point 3): `/label/{labelToken}`,
     * 128 random bits made when the cook first prints a label; null until then.
     */
    labelToken: varchar("label_token", { length: 32 }),
    kind: mealKind("kind").notNull(),
    priceCents: integer("price_cents"),
    /**
     * How a paid meal is paid (docs/decisions/022): cash at pickup, card in the app (a hold through
     * Stripe Connect, for a cook with a connected account), or either, as the eater chooses.
     */
    paymentWays: varchar("payment_ways", { length: 4, enum: ["cash", "card", "both"] })
      .notNull()
      .default("cash"),
    /** A card hold is captured when the eater does not turn up (decision 022 "No-show"); off by default. */
    chargeNoShow: boolean("charge_no_show").notNull().default(false),
    portionSize: integer("portion_size").notNull(),
    pickupWindowStart: timestamp("pickup_window_start", { withTimezone: true }).notNull(),
    pickupWindowEnd: timestamp("pickup_window_end", { withTimezone: true }).notNull(),
    pickupLocation: varchar("pickup_location", { length: 300 }).notNull(),
    deliveryAvailable: boolean("delivery_available").notNull().default(false),
    photoPath: text("photo_path"),
    /**
     * Where the meal is shown to others (docs/features/neighbourhood.md; docs/DESIGN.md §6c): the
     * pickup point moved by a stable offset of 150–250 m, kept by the `meals_geo_point` trigger
     * (migration 0024) whenever the pickup point is written, so the member's home is never shown as
     * a meal's point. Lists, distances, the map and alerts all read this one.
     */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /**
     * The exact pickup point (to about 100 m) and the door, floor or bell: the feeder's and their
     * accepted eaters' only, never in lists, the map, the meal page of others or alerts.
     */
    pickupLatitude: doublePrecision("pickup_latitude"),
    pickupLongitude: doublePrecision("pickup_longitude"),
    pickupDetails: varchar("pickup_details", { length: 300 }),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * Its pickup window has ended (docs/decisions/015): set by the `meals_ended` trigger when the window
     * is written and by the sweep (`markEndedMeals`) once it passes, so the list indexes hold only
     * meals that may still be open. Never the rule itself: `OPEN_MEAL_SQL` still compares the window
     * with now(); an ended meal's window has always passed.
     */
    ended: boolean("ended").notNull().default(false),
    /** Deactivated because its owner was suspended; unsuspending reactivates exactly these. */
    /** Withdrawn while its cook's account waits to be deleted; back if they keep it (docs/decisions/017). */
    hiddenByDeletion: boolean("hidden_by_deletion").notNull().default(false),
    hiddenBySuspension: boolean("hidden_by_suspension").notNull().default(false),
    /**
     * Taken down by an admin (docs/features/safety-and-admin.md): its owner cannot switch it back on;
     * an admin switching it on lifts this.
     */
    hiddenByAdmin: boolean("hidden_by_admin").notNull().default(false),
    /**
     * Held for a moderator's check (docs/decisions/020 "Held before it lands"): inactive, and seen by
     * nobody but its cook and moderators, until let through.
     */
    heldForReview: boolean("held_for_review").notNull().default(false),
    /**
     * Accepted and completed requests, kept by the `requests_portions_taken` trigger in the
     * transaction that changes a request's status (docs/DESIGN.md §4 "Requests", §6).
     */
    portionsTaken: integer("portions_taken").notNull().default(0),
    /**
     * A weekly meal's series and which occurrence this is (docs/features/households.md point 3): one
     * meal per occurrence, however often the job that makes it runs.
     */
    seriesId: uuid("series_id").references((): AnyPgColumn => mealSeries.id, { onDelete: "set null" }),
    occurrence: integer("occurrence"),
    /**
     * The group it is shared with (docs/features/groups.md point 3), or null for everyone. While
     * `membersOnly`, only the group's active members (and its cook) see it anywhere; `opensAt` is when
     * the `group-meals-open` job shares it with everyone.
     */
    groupId: uuid("group_id").references((): AnyPgColumn => groups.id, { onDelete: "set null" }),
    membersOnly: boolean("members_only").notNull().default(false),
    opensAt: timestamp("opens_at", { withTimezone: true }),
    /**
     * How its portions are given (docs/features/fair-shares.md point 1): first come (requests the cook
     * accepts), a draw (`meal_draws`), or the cook choosing among requests. Free meals only, for the
     * last two.
     */
    allocation: varchar("allocation", { length: 12, enum: ["first_come", "draw", "choose"] })
      .notNull()
      .default("first_come"),
    /** What `q` searches: title (A), allergens (B), ingredients (C), description and kind (D). */
    searchDoc: tsvector("search_doc")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('mealshare', coalesce(title, '')), 'A') || setweight(to_tsvector('mealshare', coalesce(allergens, '')), 'B') || setweight(to_tsvector('mealshare', coalesce(ingredients, '')), 'C') || setweight(to_tsvector('mealshare', coalesce(description, '') || CASE WHEN kind = 'free' THEN ' free' ELSE ' paid' END), 'D')`,
      ),
    /**
     * `ll_to_earth(latitude, longitude)`, kept by the `meals_geo_point` trigger; null without
     * coordinates.
     */
    geoPoint: cube("geo_point"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("meals_portions_taken_range", sql`${t.portionsTaken} >= 0`),
    check(
      "meals_price_matches_kind",
      sql`(${t.kind} = 'free' AND ${t.priceCents} IS NULL) OR (${t.kind} = 'paid' AND ${t.priceCents} > 0)`,
    ),
    check("meals_portion_size_positive", sql`${t.portionSize} >= 1`),
    check("meals_allergen_codes_known", sql`${t.allergenCodes} <@ ${ALLERGEN_CODES_SQL}`),
    check(
      "meals_no_major_allergens_means_none",
      sql`NOT ${t.noMajorAllergens} OR cardinality(${t.allergenCodes}) = 0`,
    ),
    check("meals_pickup_window_ordered", sql`${t.pickupWindowEnd} > ${t.pickupWindowStart}`),
    check("meals_latitude_range", sql`${t.latitude} IS NULL OR ${t.latitude} BETWEEN -90 AND 90`),
    check("meals_longitude_range", sql`${t.longitude} IS NULL OR ${t.longitude} BETWEEN -180 AND 180`),
    // Public lists: active meals, newest first, optionally by kind (docs/DESIGN.md §4 Visibility). Every
    // list index holds only meals whose window has not ended (docs/decisions/015): past meals, most of
    // a deployment that has run for years, are read by their owner's and group's indexes only.
    index("meals_active_feed_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isActive} AND NOT ${t.ended}`),
    index("meals_active_kind_feed_idx")
      .on(t.kind, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isActive} AND NOT ${t.ended}`),
    index("meals_owner_idx").on(t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex("meals_label_token_idx").on(t.labelToken).where(sql`${t.labelToken} IS NOT NULL`),
    // The capped counts of the lists walk open meals by the end of their pickup window; the owner in
    // the key lets the blocked-owners filter read the index alone (an index-only scan).
    index("meals_active_window_idx")
      .on(t.kind, t.pickupWindowEnd, t.ownerId)
      .where(sql`${t.isActive} AND NOT ${t.ended}`),
    index("meals_open_window_idx")
      .on(t.pickupWindowEnd, t.ownerId)
      .where(sql`${t.isActive} AND NOT ${t.ended}`),
    // Search (`q`) and allergen exclusion read the document through GIN; "near me" through GiST.
    index("meals_active_search_idx").using("gin", t.searchDoc).where(sql`${t.isActive} AND NOT ${t.ended}`),
    index("meals_active_geo_idx")
      .using("gist", t.geoPoint)
      .where(sql`${t.isActive} AND NOT ${t.ended} AND ${t.geoPoint} IS NOT NULL`),
    uniqueIndex("meals_series_occurrence_key").on(t.seriesId, t.occurrence),
    check("meals_members_only_has_group", sql`NOT ${t.membersOnly} OR ${t.groupId} IS NOT NULL`),
    check("meals_allocation_known", sql`${t.allocation} IN ('first_come', 'draw', 'choose')`),
    check("meals_allocation_free_only", sql`${t.allocation} = 'first_come' OR ${t.kind} = 'free'`),
    // A group's page: its meals, newest first.
    index("meals_group_feed_idx")
      .on(t.groupId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.groupId} IS NOT NULL`),
    // The job that shares "group first" meals with everyone finds the due ones here.
    index("meals_opens_at_idx").on(t.opensAt).where(sql`${t.membersOnly} AND ${t.opensAt} IS NOT NULL`),
  ],
);

/**
 * Every word of four letters or more (letters only: typos in numbers mean nothing) that any meal
 * has used, unaccented and lower-cased, kept by the `meals_search_words` trigger. Typo matching looks
 * for the nearest words here (pg_trgm) and checks them with `levenshtein`, so a search costs the size of
 * the vocabulary, not of the table.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
  },
  (t) => [index("search_words_trgm_idx").using("gist", t.word.op("gist_trgm_ops"))],
);

/**
 * Words cooks used for allergens before the codes existed, and the codes each one means
 * (docs/features/food-safety.md point 1): migration 0011 maps old meals' text with it, and the API maps an `allergens` text sent
 * without codes, or an `excludeAllergens` word, the same way. A word not here stays free text.
 */
export const allergenSynonyms = pgTable("allergen_synonyms", {
  synonym: text("synonym").primaryKey(),
  codes: text("codes").array().notNull(),
});

export const requests = pgTable(
  "requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    mealId: uuid("meal_id")
      .notNull()
      .references(() => meals.id, { onDelete: "cascade" }),
    eaterId: uuid("eater_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The feeder: the meal's owner, copied so the incoming list has its own index; meals never change
     * owner. (The API names this person `owner`, as spec §3 does.)
     */
    feederId: uuid("feeder_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 20, enum: REQUEST_STATUSES }).notNull().default("pending"),
    message: varchar("message", { length: 2000 }),
    /** The request's first words wait for a moderator (docs/decisions/020): the cook reads none until then. */
    messageHeld: boolean("message_held").notNull().default(false),
    /**
     * Portions (docs/features/households.md point 1): what the eater asked for, and what the request
     * holds — the same until the cook accepts fewer. Accepted, held and completed requests take
     * `portions` from the meal (the `requests_portions_taken` trigger).
     */
    portionsRequested: integer("portions_requested").notNull().default(1),
    portions: integer("portions").notNull().default(1),
    /**
     * A waiting-list offer (status `held`) is kept for its eater until then (docs/features/
     * households.md point 2); the `request-hold` job lets it lapse after.
     */
    holdUntil: timestamp("hold_until", { withTimezone: true }),
    /**
     * Pickups both sides confirm (point 4): the 4-digit code the eater shows and the cook enters,
     * wrong tries (five lock it for ten minutes), and when each side said it happened.
     */
    pickupCode: varchar("pickup_code", { length: 4 }),
    codeFailures: integer("code_failures").notNull().default(0),
    codeLockedUntil: timestamp("code_locked_until", { withTimezone: true }),
    eaterConfirmedAt: timestamp("eater_confirmed_at", { withTimezone: true }),
    feederConfirmedAt: timestamp("feeder_confirmed_at", { withTimezone: true }),
    /** Who cancelled, and whether it was late: within 2 hours of the window's start, or after. */
    cancelledBy: varchar("cancelled_by", { length: 10, enum: ["eater", "feeder"] }),
    lateCancel: boolean("late_cancel").notNull().default(false),
    /** When either side first said "Running 10 minutes late" after the window started (docs/features/handover.md). */
    runningLateAt: timestamp("running_late_at", { withTimezone: true }),
    /** A no-show: who did not turn up (`both` when neither side ever confirmed), and why, if said. */
    noShowParty: varchar("no_show_party", { length: 10, enum: ["eater", "feeder", "both"] }),
    noShowReason: varchar("no_show_reason", { length: 500 }),
    /**
     * A disputed no-show (requests/policy.ts): when it became one and what the side it names says;
     * an admin settles it.
     */
    disputedAt: timestamp("disputed_at", { withTimezone: true }),
    disputeReason: varchar("dispute_reason", { length: 500 }),
    /**
     * The terms the eater agreed to when the request was accepted — price, pickup window and place,
     * allergens (requests/terms.ts) — kept until they agree to others.
     */
    agreedTerms: jsonb("agreed_terms").$type<AgreedTerms>(),
    /**
     * How the eater pays (docs/decisions/022): cash at pickup, or card in the app. With card, the
     * meal's no-show rule as it stood when they asked, and whether the cook's accept waits for the
     * eater's money (`paymentDue`): the portions are theirs once it is held.
     */
    payBy: varchar("pay_by", { length: 4, enum: ["cash", "card"] })
      .notNull()
      .default("cash"),
    chargeNoShow: boolean("charge_no_show").notNull().default(false),
    paymentDue: boolean("payment_due").notNull().default(false),
    /**
     * A change to the agreed terms the eater has not answered yet (old → new), or their answer:
     * requests/terms.ts. Null when nothing is asked.
     */
    termsChange: jsonb("terms_change").$type<TermsChangeRow>(),
    /**
     * The thread's newest message, or the request itself when none came yet: the Messages view lists
     * threads by it, newest first (features/requests/threads.ts). Written with each message.
     */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("requests_not_own_meal", sql`${t.eaterId} <> ${t.feederId}`),
    check("requests_status_known", sql`${t.status} IN (${REQUEST_STATUSES_SQL})`),
    check("requests_portions_positive", sql`${t.portions} >= 1 AND ${t.portionsRequested} >= ${t.portions}`),
    // One open request per eater per meal (docs/DESIGN.md §4 Requests); an offer is one too.
    uniqueIndex("requests_one_open_per_eater_idx")
      .on(t.mealId, t.eaterId)
      .where(sql`${t.status} IN (${OPEN_REQUEST_STATUSES_SQL})`),
    index("requests_meal_status_idx").on(t.mealId, t.status),
    index("requests_eater_idx").on(t.eaterId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("requests_disputed_idx").on(t.disputedAt).where(sql`${t.status} = 'disputed'`),
    index("requests_feeder_idx").on(t.feederId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The Messages view: each side's threads by their last message, a page at a time.
    index("requests_eater_activity_idx").on(
      t.eaterId,
      t.lastActivityAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("requests_feeder_activity_idx").on(
      t.feederId,
      t.lastActivityAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: varchar("body", { length: 2000 }).notNull(),
    /** A quick reply's kind (docs/features/handover.md point 2); null for a typed message. */
    kind: varchar("kind", { length: 20, enum: ["on_my_way", "outside", "running_late", "move_time"] }),
    /**
     * A photo sent in the thread (docs/features/handover.md point 1): stored as
     * `thread-photos/{photoId}.webp` and `-400.webp`, served to the two participants only. The body is
     * its caption, and may then be empty.
     */
    photoId: uuid("photo_id"),
    /**
     * A line a cook's edit of the meal wrote in the thread (features/meals/changes.ts): the terms
     * before and after, and which changed. The body is then empty.
     */
    change: jsonb("change").$type<MealChangeLine>(),
    /** Held for a moderator's check (docs/decisions/020): only its sender reads it until let through. */
    held: boolean("held").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "messages_body_not_blank",
      sql`length(btrim(${t.body})) >= 1 OR ${t.photoId} IS NOT NULL OR ${t.change} IS NOT NULL`,
    ),
    check(
      "messages_kind_known",
      sql`${t.kind} IS NULL OR ${t.kind} IN ('on_my_way', 'outside', 'running_late', 'move_time')`,
    ),
    index("messages_request_idx").on(t.requestId, t.createdAt, t.id),
    uniqueIndex("messages_photo_idx").on(t.photoId).where(sql`${t.photoId} IS NOT NULL`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    mealId: uuid("meal_id")
      .notNull()
      .references(() => meals.id, { onDelete: "cascade" }),
    reviewerId: uuid("reviewer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    revieweeId: uuid("reviewee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reviewerRole: reviewerRole("reviewer_role").notNull(),
    rating: integer("rating").notNull(),
    text: varchar("text", { length: 2000 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} BETWEEN 1 AND 5`),
    // Stars alone, or words of 10 characters at least (src/contract/reviews.ts).
    check("reviews_text_length", sql`length(${t.text}) = 0 OR length(${t.text}) >= 10`),
    uniqueIndex("reviews_one_per_reviewer_idx").on(t.requestId, t.reviewerId),
    // A public profile's reviews received, newest first, page by page (docs/features/food-safety.md point 6).
    index("reviews_reviewee_idx").on(t.revieweeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: reportTargetType("target_type").notNull(),
    targetId: varchar("target_id", { length: 200 }).notNull(),
    reason: varchar("reason", { length: 1000 }).notNull(),
    resolved: boolean("resolved").notNull().default(false),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedById: uuid("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The group the report is about, whose moderators read it (docs/features/groups.md point 5): a meal
     * shared with a group, or a member reported from within a group both belong to; null for reports
     * only site admins read.
     */
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("reports_group_open_idx")
      .on(t.groupId, t.createdAt.desc().nullsFirst())
      .where(sql`NOT ${t.resolved} AND ${t.groupId} IS NOT NULL`),
    // The same reporter reporting the same open target again is idempotent (docs/DESIGN.md §4 Reports).
    uniqueIndex("reports_one_open_per_reporter_idx")
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`NOT ${t.resolved}`),
    index("reports_resolved_created_idx").on(t.resolved, t.createdAt.desc().nullsFirst()),
  ],
);

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: varchar("title", { length: 120 }).notNull(),
    description: varchar("description", { length: 2000 }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    location: varchar("location", { length: 300 }),
    rsvpUrl: text("rsvp_url"),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("events_starts_at_idx").on(t.startsAt)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: varchar("type", { length: 40 }).notNull(),
    /** The text in English: what readers without a catalogue (logs, old clients) see. */
    text: varchar("text", { length: 300 }).notNull(),
    /**
     * The text's catalogue key and values (docs/features/languages-currency-impact.md): every reader
     * sees it in their own language, the app in the browser's, emails and pushes in the member's saved
     * one. Null on rows older than migration 0016, which have only their English text.
     */
    textKey: varchar("text_key", { length: 300 }),
    textParams: jsonb("text_params").$type<Record<string, string | number>>(),
    link: varchar("link", { length: 300 }).notNull(),
    /** The thread this notification belongs to, so opening the thread marks it read. */
    requestId: uuid("request_id").references(() => requests.id, { onDelete: "cascade" }),
    isRead: boolean("is_read").notNull().default(false),
    /**
     * When a push and an email went out for it (docs/features/notifications.md): the delivery job claims
     * a channel by setting these in one UPDATE, so two instances never send one twice.
     */
    pushedAt: timestamp("pushed_at", { withTimezone: true }),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    /**
     * Set on notifications that must exist once, such as one pickup reminder per person and
     * request: a job that runs again (a restart, a second instance) inserts nothing.
     */
    dedupeKey: varchar("dedupe_key", { length: 120 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_dedupe_key").on(t.dedupeKey),
    index("notifications_user_created_idx").on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("notifications_user_unread_idx").on(t.userId, t.requestId).where(sql`NOT ${t.isRead}`),
    // The retention sweep finds read notifications past RETENTION_DAYS here (docs/decisions/015).
    index("notifications_read_created_idx").on(t.createdAt).where(sql`${t.isRead}`),
    /** At most one unread message notification per user and thread: the upsert's conflict target. */
    uniqueIndex("notifications_unread_message_key")
      .on(t.userId, t.requestId)
      .where(sql`type = 'message_new' AND NOT is_read`),
  ],
);

/**
 * The live-update log (docs/features/exchange.md, docs/DESIGN.md §4 "Notifications"): one row per
 * recipient of a change, written in the change's transaction and announced with NOTIFY. The numeric id
 * is the SSE event id, so a reconnecting client's `Last-Event-ID` replays what it missed. Rows older
 * than a day are pruned; a client away longer reloads its data instead.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: varchar("type", { length: 40 }).notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("live_events_user_idx").on(t.userId, t.id), index("live_events_created_idx").on(t.createdAt)],
);

/**
 * Photo uploads in flight (docs/features/trust.md, spec §7 photo flow): `POST /api/objects/upload`
 * creates one with an expiring, single-use upload URL; the file lands under `key`; `PUT
 * /api/meal-photos` registers it once, after which it is processed and the incoming object deleted.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: varchar("key", { length: 200 }).notNull(),
    /**
     * What the file is for: a photo (≤ 5 MB) or a registered cook's document (≤ 10 MB,
     * docs/features/food-safety.md).
     */
    purpose: varchar("purpose", { length: 20 }).notNull().default("photo"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }),
    registeredAt: timestamp("registered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("uploads_user_idx").on(t.userId, t.createdAt),
    // The sweep of abandoned uploads walks them by expiry.
    index("uploads_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Stored photos and who uploaded them (docs/features/operations.md finding 10): a meal or a profile may
 * only show a photo its user registered, not another user's nor one that does not exist. The id is the
 * one in the photo's path, `/objects/photos/{id}.webp`.
 */
export const photos = pgTable("photos", {
  id: uuid("id").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased, so one address is one subscriber. */
    email: varchar("email", { length: 320 }).notNull(),
    source: varchar("source", { length: 40 }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the address's owner confirmed it (double opt-in, newsletter/service.ts): a sign-up from the
     * landing page waits, unlisted, for the emailed link (signed, so nothing of it is stored); null
     * until then.
     */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_key").on(t.email),
    index("newsletter_subscribers_subscribed_idx").on(t.subscribedAt, t.id),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type MealRow = typeof meals.$inferSelect;
export type RequestRow = typeof requests.$inferSelect;

/**
 * Rate-limit counters every instance sees (docs/DESIGN.md §5; docs/features/operations.md finding 7:
 * per-instance counters let two instances take twice the writes). One row per client and limit, reset
 * when its window ends; rows past their window are swept. Counting is not worth a WAL write: the table
 * is UNLOGGED (migration 0008), so a crash only forgets the current minute.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

/**
 * Who blocked whom (docs/features/food-safety.md point 5): neither may request the other's meals or
 * message the other, and each other's meals leave their lists. One row per direction.
 */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId),
    check("blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * Meals a member saved to come back to (docs/features/everyday-journey.md "Save a meal"):
 * the heart on cards and the meal page, the Saved tab, and a word when a saved meal is taken or about
 * to end (features/meals/saved.ts). At most `SAVED_MEALS_MAX` a member.
 */
export const savedMeals = pgTable(
  "saved_meals",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mealId: uuid("meal_id")
      .notNull()
      .references(() => meals.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mealId] }),
    // Who saved a meal, when it is taken.
    index("saved_meals_meal_idx").on(t.mealId),
  ],
);

/**
 * "Not interested" (docs/features/everyday-journey.md): meals and cooks a member took out
 * of their lists — Community, Marketplace, their local pages and the map (features/meals/filters.ts
 * `notHiddenFrom`); undone in Settings. At most `HIDDEN_MAX` of each a member, so the condition's
 * set stays small.
 */
export const hiddenMeals = pgTable(
  "hidden_meals",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mealId: uuid("meal_id")
      .notNull()
      .references(() => meals.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mealId] }),
    // The meal's hides, when it is deleted.
    index("hidden_meals_meal_idx").on(t.mealId),
  ],
);

/** A cook whose meals a member hid from their lists (see `hiddenMeals`). */
export const hiddenCooks = pgTable(
  "hidden_cooks",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cookId: uuid("cook_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.cookId] }),
    // Whose hides name a cook, when the cook's account is erased.
    index("hidden_cooks_cook_idx").on(t.cookId),
  ],
);

export const cookApplicationStatus = pgEnum("cook_application_status", ["pending", "approved", "rejected"]);

/**
 * Applications to become a registered cook (docs/features/food-safety.md point 4): the kitchen, its food
 * business registration, the hygiene certificate and a document, decided by an admin.
 */
export const cookApplications = pgTable(
  "cook_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kitchenName: varchar("kitchen_name", { length: 120 }).notNull(),
    registrationNumber: varchar("registration_number", { length: 60 }).notNull(),
    registrationAuthority: varchar("registration_authority", { length: 120 }).notNull(),
    certificateLevel: varchar("certificate_level", { length: 60 }).notNull(),
    certificateIssuer: varchar("certificate_issuer", { length: 120 }).notNull(),
    certificateExpiresOn: date("certificate_expires_on", { mode: "string" }).notNull(),
    /** Storage key of the document (`documents/{uuid}`), never served publicly. */
    documentKey: varchar("document_key", { length: 200 }).notNull(),
    documentType: varchar("document_type", { length: 40 }).notNull(),
    status: cookApplicationStatus("status").notNull().default("pending"),
    rejectionReason: varchar("rejection_reason", { length: 500 }),
    reviewedById: uuid("reviewed_by_id").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cook_applications_one_pending_idx").on(t.userId).where(sql`${t.status} = 'pending'`),
    index("cook_applications_status_idx").on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("cook_applications_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * The neighbourhood's totals for the impact page (docs/features/languages-currency-impact.md), kept by
 * the same triggers as the users' counters in `IMPACT_SLOTS` rows summed on read
 * (docs/decisions/014): `/impact` reads 16 rows whatever the size of the tables, and a post never
 * waits for another connection's post to commit.
 */
export const impactTotals = pgTable(
  "impact_totals",
  {
    id: integer("id").primaryKey(),
    mealsShared: bigint("meals_shared", { mode: "number" }).notNull().default(0),
    portionsPickedUp: bigint("portions_picked_up", { mode: "number" }).notNull().default(0),
    neighboursShared: bigint("neighbours_shared", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("impact_totals_slot", sql`${t.id} between 1 and 16`)],
);

/**
 * Web Push subscriptions, one per device and browser (docs/features/notifications.md point 2;
 * docs/DESIGN.md §6: shared by every instance). The endpoint is the push service's URL for that browser;
 * `p256dh` and `auth` are its keys (base64url) that payloads are encrypted to. Removed when the push
 * service answers 404 or 410, when the user turns push off on that device, and with the session it was
 * made in: after signing out, a shared device shows the next person nobody else's notifications.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: varchar("p256dh", { length: 200 }).notNull(),
    auth: varchar("auth", { length: 100 }).notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
    index("push_subscriptions_session_idx").on(t.sessionId),
  ],
);

/**
 * The last message email per person and thread (docs/features/notifications.md point 3: never more than
 * one email per thread per hour). One upsert claims the next email, so instances agree.
 */
export const messageEmailThrottles = pgTable(
  "message_email_throttles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId] })],
);

/**
 * Keys the server makes itself on first start and every instance must share, such as the VAPID
 * key pair of Web Push (docs/features/notifications.md point 2): a subscription made with one key is
 * refused by the push service when another signs. With PGlite the database lives in DATA_DIR; backups
 * carry it.
 */
export const serverKeys = pgTable("server_keys", {
  name: varchar("name", { length: 60 }).primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/**
 * Alerts for new meals (docs/features/neighbourhood.md point 6): "tell me about new meals like this"
 * around the member's home area. The search text is kept as typed (`queryText`) and as the
 * `tsquery` it means; the allergens to avoid as chosen (lower-cased tokens, matched by
 * features/meals/allergen-match.ts when a meal is posted). `area` is the bounding box of the circle, kept by the
 * `meal_alerts_area` trigger, so a posted meal finds the alerts around it through one GiST index
 * (features/alerts/matching.ts).
 */
export const mealAlerts = pgTable(
  "meal_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    queryText: varchar("query_text", { length: 200 }),
    query: tsquery("query"),
    kind: mealKind("kind"),
    excludeAllergens: text("exclude_allergens").array().notNull().default(sql`'{}'::text[]`),
    /** The home area's point when saved (and moved with it), about 100 m. */
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    radiusKm: integer("radius_km").notNull(),
    // The default only satisfies NOT NULL until the trigger, which runs before every write, sets it.
    area: cube("area").notNull().default(sql`'(0)'::cube`),
    paused: boolean("paused").notNull().default(false),
    /** The last push or email about it: at most one per `ALERT_DIGEST_MINUTES` (digest.ts). */
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("meal_alerts_radius_range", sql`${t.radiusKm} BETWEEN 1 AND 50`),
    index("meal_alerts_user_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("meal_alerts_area_idx").using("gist", t.area).where(sql`NOT ${t.paused}`),
  ],
);

/**
 * Which alert matched which meal (features/alerts/matching.ts): one row each, so a matching job run
 * twice matches nothing twice; `sentAt` marks the matches a push or email has listed (digest.ts).
 */
export const alertMatches = pgTable(
  "alert_matches",
  {
    alertId: uuid("alert_id")
      .notNull()
      .references(() => mealAlerts.id, { onDelete: "cascade" }),
    mealId: uuid("meal_id")
      .notNull()
      .references(() => meals.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationId: uuid("notification_id").references(() => notifications.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.mealId] }),
    index("alert_matches_unsent_idx").on(t.alertId).where(sql`${t.sentAt} IS NULL`),
    index("alert_matches_meal_idx").on(t.mealId),
    // The retention sweep finds matches past RETENTION_DAYS here (docs/decisions/015).
    index("alert_matches_created_idx").on(t.createdAt),
  ],
);

/**
 * The waiting list of a meal with no portions left (docs/features/households.md point 2): who waits,
 * for how many portions, in order. When portions come back, the `waitlist-offer` job offers them to
 * the first whose number fits, as a `held` request (`requestId`); `left` when they left the list,
 * `offered` once offered (the offer's own status says what became of it).
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    mealId: uuid("meal_id")
      .notNull()
      .references(() => meals.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    portions: integer("portions").notNull(),
    status: varchar("status", { length: 10, enum: ["waiting", "offered", "left"] })
      .notNull()
      .default("waiting"),
    requestId: uuid("request_id").references(() => requests.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("waitlist_entries_portions_positive", sql`${t.portions} >= 1`),
    check("waitlist_entries_status_known", sql`${t.status} IN ('waiting', 'offered', 'left')`),
    // One place in line per member and meal.
    uniqueIndex("waitlist_entries_one_per_member_idx")
      .on(t.mealId, t.userId)
      .where(sql`${t.status} = 'waiting'`),
    // The line of a meal, first come first.
    index("waitlist_entries_line_idx").on(t.mealId, t.createdAt, t.id).where(sql`${t.status} = 'waiting'`),
  ],
);

/**
 * How many wait in a meal's waiting list (entries `waiting`), kept by statement-level triggers on
 * `waitlist_entries` (migration 0035, docs/decisions/015 "A popular meal's page"), so a meal's page
 * reads one row instead of counting a line a draw may have made 10,000 long. No row: nobody waits.
 * Only those triggers write it.
 */
export const waitlistCounts = pgTable(
  "waitlist_counts",
  {
    mealId: uuid("meal_id")
      .primaryKey()
      .references(() => meals.id, { onDelete: "cascade" }),
    waiting: integer("waiting").notNull().default(0),
  },
  (t) => [check("waitlist_counts_not_negative", sql`${t.waiting} >= 0`)],
);

/**
 * A registered cook's weekly meal (docs/features/households.md point 3): the meal to post again, its
 * weekday and local time (in the cook's time zone, so a summer-time change keeps 6 pm at 6 pm), how
 * many weeks (up to 8) and how many are made. The `meal-series` job makes each occurrence a day before
 * its pickup; pausing skips occurrences, stopping ends the series.
 */
export const mealSeries = pgTable(
  "meal_series",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The meal's fields, as `POST /api/meals` took them (contract/meals.ts createMealSchema). */
    template: jsonb("template").$type<Record<string, unknown>>().notNull(),
    timeZone: varchar("time_zone", { length: 64 }).notNull(),
    /** The first occurrence's pickup window; each next one is a week later in `timeZone`. */
    firstStart: timestamp("first_start", { withTimezone: true }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    weeks: integer("weeks").notNull(),
    /** Occurrences made so far (the first is the meal posted with the series). */
    made: integer("made").notNull().default(1),
    status: varchar("status", { length: 10, enum: ["active", "paused", "stopped"] })
      .notNull()
      .default("active"),
    /**
     * An admin took one of its meals down (docs/features/safety-and-admin.md): no week is posted, and
     * its cook cannot resume it, until an admin puts the meal back.
     */
    heldByAdmin: boolean("held_by_admin").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check("meal_series_weeks_range", sql`${t.weeks} BETWEEN 2 AND 8`),
    check("meal_series_status_known", sql`${t.status} IN ('active', 'paused', 'stopped')`),
    index("meal_series_owner_idx").on(t.ownerId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Reliability (docs/features/households.md point 5): per member, month and side, how many pickups were
 * due and how many happened — as eater ("Picked up 23 of 24") and as cook ("Handed over 40 of 41").
 * Kept by the `requests_reliability` trigger when a request ends; a profile sums its last 12 rows.
 */
export const reliabilityMonths = pgTable(
  "reliability_months",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    month: date("month", { mode: "string" }).notNull(),
    side: varchar("side", { length: 10, enum: ["eater", "feeder"] }).notNull(),
    due: integer("due").notNull().default(0),
    kept: integer("kept").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.side, t.month] })],
);

/**
 * A group (docs/features/groups.md): a building, a school, a workplace. Listed groups can be found;
 * hidden ones exist only for their members. Joining follows its rule; its rules are versioned, and
 * members accept the current version. `memberCount` is kept by the `group_members_count` trigger.
 */
export const groups = pgTable(
  "groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 80 }).notNull(),
    description: varchar("description", { length: 2000 }).notNull().default(""),
    welcome: varchar("welcome", { length: 1000 }).notNull().default(""),
    rules: varchar("rules", { length: 4000 }).notNull().default(""),
    rulesVersion: integer("rules_version").notNull().default(1),
    visibility: varchar("visibility", { length: 10, enum: ["listed", "hidden"] })
      .notNull()
      .default("listed"),
    joinRule: varchar("join_rule", { length: 20, enum: ["open", "application", "invite", "email_domain"] })
      .notNull()
      .default("open"),
    /** The workplace's email domain, lower case, for `email_domain` groups. */
    emailDomain: varchar("email_domain", { length: 253 }),
    /** The questions an application answers, in order. */
    questions: jsonb("questions").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Newcomers may request its members-only meals (false: only after their first pickup). */
    newcomersMayRequest: boolean("newcomers_may_request").notNull().default(true),
    /** Where it is, rounded to about 100 m, and how far around; null for a group without a place. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    radiusKm: integer("radius_km"),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id),
    memberCount: integer("member_count").notNull().default(0),
    /**
     * Its texts wait for a moderator (docs/decisions/020): not listed, and not found by anyone outside
     * it, until let through.
     */
    held: boolean("held").notNull().default(false),
    /** What a search of groups reads: the name (A) and description (B), whole words. */
    searchDoc: tsvector("search_doc")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(description, '')), 'B')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("groups_visibility_known", sql`${t.visibility} IN ('listed', 'hidden')`),
    check("groups_join_rule_known", sql`${t.joinRule} IN ('open', 'application', 'invite', 'email_domain')`),
    check(
      "groups_email_domain_for_rule",
      sql`${t.joinRule} <> 'email_domain' OR ${t.emailDomain} IS NOT NULL`,
    ),
    check("groups_rules_version_positive", sql`${t.rulesVersion} >= 1`),
    check("groups_radius_range", sql`${t.radiusKm} IS NULL OR ${t.radiusKm} BETWEEN 1 AND 50`),
    // The directory: listed groups, newest first; searched through GIN.
    index("groups_listed_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.visibility} = 'listed'`),
    index("groups_listed_search_idx").using("gin", t.searchDoc).where(sql`${t.visibility} = 'listed'`),
    index("groups_owner_idx").on(t.ownerId),
  ],
);

/**
 * A member of a group and their role (docs/features/groups.md point 2). A removed member keeps their
 * row (status `removed`), so they cannot simply join again; leaving deletes it.
 */
export const groupMembers = pgTable(
  "group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: varchar("role", { length: 10, enum: ["owner", "moderator", "member", "newcomer"] }).notNull(),
    status: varchar("status", { length: 10, enum: ["active", "removed"] })
      .notNull()
      .default("active"),
    /** The version of the group's rules they accepted last. */
    rulesAccepted: integer("rules_accepted").notNull(),
    removedReason: varchar("removed_reason", { length: 500 }),
    joinedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    check("group_members_role_known", sql`${t.role} IN ('owner', 'moderator', 'member', 'newcomer')`),
    check("group_members_status_known", sql`${t.status} IN ('active', 'removed')`),
    // A member's groups: what every meal list reads to see members-only meals (user and status),
    // and the directory's "am I in it" for each group on its page (user, then the group).
    index("group_members_user_idx").on(t.userId, t.status, t.groupId),
    // The members of a group, oldest first (its page).
    index("group_members_list_idx").on(t.groupId, t.joinedAt, t.userId).where(sql`${t.status} = 'active'`),
    // Exactly one owner per group.
    uniqueIndex("group_members_one_owner_idx").on(t.groupId).where(sql`${t.role} = 'owner'`),
  ],
);

/** An application to a group that joins by application (docs/features/groups.md point 1). */
export const groupApplications = pgTable(
  "group_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The answers, one per question, in order. */
    answers: jsonb("answers").$type<string[]>().notNull(),
    /** The version of the rules the applicant accepted when applying. */
    rulesAccepted: integer("rules_accepted").notNull(),
    status: varchar("status", { length: 10, enum: ["pending", "approved", "declined", "withdrawn"] })
      .notNull()
      .default("pending"),
    decidedById: uuid("decided_by_id").references(() => users.id, { onDelete: "set null" }),
    decisionMessage: varchar("decision_message", { length: 1000 }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "group_applications_status_known",
      sql`${t.status} IN ('pending', 'approved', 'declined', 'withdrawn')`,
    ),
    uniqueIndex("group_applications_one_pending_idx")
      .on(t.groupId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index("group_applications_pending_idx")
      .on(t.groupId, t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * An invite link (docs/features/groups.md point 1): only the SHA-256 of its token is kept, so a
 * database copy opens no group. Revocable; it expires.
 */
export const groupInvites = pgTable(
  "group_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("group_invites_token_idx").on(t.tokenHash),
    index("group_invites_group_idx").on(t.groupId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * A meal's draw (docs/features/fair-shares.md point 2): the secret made at posting and its commitment
 * (published at once), when entries close, and — once drawn — the entrant list, its hash, the seed and
 * the order, published with the secret. `secret` leaves the server only after `drawn_at` is set.
 */
export const mealDraws = pgTable(
  "meal_draws",
  {
    mealId: uuid("meal_id")
      .primaryKey()
      .references(() => meals.id, { onDelete: "cascade" }),
    algorithm: varchar("algorithm", { length: 40 }).notNull(),
    secret: varchar("secret", { length: 64 }).notNull(),
    commitment: varchar("commitment", { length: 64 }).notNull(),
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    /**
     * Who may enter (docs/decisions/020 "One person, one share"): everyone, or only members with a
     * completed exchange (neighbours and trusted members). Published on the draw's page.
     */
    eligibility: varchar("eligibility", { length: 12, enum: ["everyone", "neighbours"] })
      .notNull()
      .default("everyone"),
    drawnAt: timestamp("drawn_at", { withTimezone: true }),
    entrants: jsonb("entrants").$type<{ id: string; portions: number; tickets: number }[]>(),
    listHash: varchar("list_hash", { length: 64 }),
    seed: varchar("seed", { length: 64 }),
    drawOrder: jsonb("draw_order").$type<string[]>(),
    /** Winners passed over at the draw, and why (contract/draw.ts `passedOver`). */
    passedOver: jsonb("passed_over").$type<{ id: string; reason: "fair_use" | "not_eligible" }[]>(),
    /** What happened to each entrant, in draw order (contract/draw.ts `results`). */
    results: jsonb("results").$type<DrawResult[]>(),
    createdAt: createdAt(),
  },
  (t) => [index("meal_draws_due_idx").on(t.closesAt).where(sql`${t.drawnAt} IS NULL`)],
);

/**
 * An eater's entry in a meal's draw (docs/features/fair-shares.md point 1): one per member and meal, the
 * portions wanted and the tickets the rule gave them when they entered. The entry's id is their
 * pseudonym on the published list.
 */
export const drawEntries = pgTable(
  "draw_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    mealId: uuid("meal_id")
      .notNull()
      .references(() => meals.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    portions: integer("portions").notNull(),
    tickets: integer("tickets").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("draw_entries_one_per_member_idx").on(t.mealId, t.userId),
    index("draw_entries_user_idx").on(t.userId, t.createdAt),
    check("draw_entries_portions_positive", sql`${t.portions} >= 1`),
    check("draw_entries_tickets_positive", sql`${t.tickets} >= 1`),
  ],
);

/**
 * Every account deletion asked for (docs/decisions/017), without personal data: whose account (an id
 * that names nobody once the row is erased), who asked — the member, or an admin with their reason —
 * and when it was erased or called off. `npm run restore` re-applies the erasures made after a backup.
 */
export const accountDeletions = pgTable(
  "account_deletions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    requestedBy: text("requested_by", { enum: ["member", "admin"] }).notNull(),
    adminId: uuid("admin_id"),
    reason: varchar("reason", { length: 500 }),
    eraseAfter: timestamp("erase_after", { withTimezone: true }).notNull(),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** The erasure kept some of the member's words for an open report; the sweep comes back to them. */
    messagesHeld: boolean("messages_held").notNull().default(false),
  },
  (t) => [
    index("account_deletions_held_idx").on(t.userId).where(sql`${t.messagesHeld}`),
    index("account_deletions_due_idx")
      .on(t.eraseAfter)
      .where(sql`${t.erasedAt} IS NULL AND ${t.cancelledAt} IS NULL`),
    index("account_deletions_user_idx").on(t.userId),
  ],
);

/**
 * A member's data export (docs/decisions/017): a ZIP made by a job, kept in the photo store under
 * `objectKey` until `expiresAt` (7 days), downloadable by its member only.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestedByAdmin: boolean("requested_by_admin").notNull().default(false),
    createdAt: createdAt(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    objectKey: text("object_key"),
    sizeBytes: integer("size_bytes"),
  },
  (t) => [
    index("data_exports_user_idx").on(t.userId, t.createdAt),
    // The sweep of files whose week is over.
    index("data_exports_expiry_idx").on(t.expiresAt).where(sql`${t.objectKey} IS NOT NULL`),
  ],
);

/**
 * A member's trust (docs/decisions/020 "Levels"): their level and the counts it comes from, written
 * by features/trust in the transaction that completes an exchange or records a vouch. No row: a
 * newcomer with nothing yet.
 */
export const memberTrust = pgTable(
  "member_trust",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    level: varchar("level", { length: 10, enum: ["newcomer", "neighbour", "trusted"] })
      .notNull()
      .default("newcomer"),
    /** Completed exchanges with other people (not another account of the same inbox). */
    exchanges: integer("exchanges").notNull().default(0),
    /** Distinct people among them. */
    partners: integer("partners").notNull().default(0),
    /** Vouches from trusted members. */
    vouches: integer("vouches").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check("member_trust_level_known", sql`${t.level} IN ('newcomer', 'neighbour', 'trusted')`)],
);

/**
 * A trusted member's word for another after an exchange together (docs/decisions/020 "Vouches"): once
 * per pair, a few a week.
 */
export const vouches = pgTable(
  "vouches",
  {
    voucherId: uuid("voucher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    voucheeId: uuid("vouchee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.voucherId, t.voucheeId] }),
    index("vouches_voucher_week_idx").on(t.voucherId, t.createdAt),
    index("vouches_vouchee_idx").on(t.voucheeId),
    check("vouches_not_self", sql`${t.voucherId} <> ${t.voucheeId}`),
  ],
);

/**
 * A text the spam check held or flagged (docs/decisions/020 "Held before it lands"): what was written,
 * the signals it raised, and what a moderator decided. `targetId` is the meal, message, request, group
 * or member (bio) it belongs to; `groupId` lets that group's moderators work it too.
 */
export const moderationItems = pgTable(
  "moderation_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: varchar("kind", { length: 10, enum: MODERATED_KINDS }).notNull(),
    targetId: uuid("target_id").notNull(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "set null" }),
    /** Where the text is read in the app (`/request/…`, `/meal/…`, `/groups/…`, `/user/…`). */
    link: varchar("link", { length: 300 }).notNull(),
    text: varchar("text", { length: 8000 }).notNull(),
    signals: jsonb("signals").$type<string[]>().notNull(),
    score: integer("score").notNull(),
    status: varchar("status", { length: 10, enum: ["held", "flagged", "released", "removed"] }).notNull(),
    decidedById: uuid("decided_by_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("moderation_items_status_known", sql`${t.status} IN ('held', 'flagged', 'released', 'removed')`),
    // The queue: what waits, oldest first; a group's moderators read their group's part.
    index("moderation_items_open_idx").on(t.createdAt, t.id).where(sql`${t.status} IN ('held', 'flagged')`),
    index("moderation_items_group_open_idx")
      .on(t.groupId, t.createdAt)
      .where(sql`${t.status} IN ('held', 'flagged') AND ${t.groupId} IS NOT NULL`),
    index("moderation_items_target_idx").on(t.kind, t.targetId),
    index("moderation_items_author_idx").on(t.authorId, t.createdAt),
  ],
);

/**
 * The MinHash signature of a text a moderator removed as spam (docs/decisions/020 "Near-copies"), and
 * its LSH bands: a new text's bands find its candidates by index, then their signatures are compared.
 */
export const spamSignatures = pgTable("spam_signatures", {
  id: uuid("id").primaryKey().defaultRandom(),
  itemId: uuid("item_id").references(() => moderationItems.id, { onDelete: "set null" }),
  hashes: jsonb("hashes").$type<number[]>().notNull(),
  createdAt: createdAt(),
});

export const spamSignatureBands = pgTable(
  "spam_signature_bands",
  {
    band: varchar("band", { length: 64 }).notNull(),
    signatureId: uuid("signature_id")
      .notNull()
      .references(() => spamSignatures.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.band, t.signatureId] })],
);

/** Who did what in moderation (docs/decisions/020 "The queue"): kept as the queue's log. */
export const moderationLog = pgTable(
  "moderation_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: varchar("action", { length: 20, enum: ["release", "remove", "suspend", "dismiss"] }).notNull(),
    itemId: uuid("item_id").references(() => moderationItems.id, { onDelete: "set null" }),
    subjectId: uuid("subject_id").references(() => users.id, { onDelete: "set null" }),
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("moderation_log_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * Mail someone else can make MealShare send, counted per inbox (`inbox:` and its key) or per asking
 * client (`client:` and a hash of its address) and day (docs/decisions/020 "Mail caps").
 */
export const mailQuotas = pgTable(
  "mail_quotas",
  {
    key: varchar("key", { length: 400 }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.day] })],
);

/**
 * An email change (docs/decisions/020 "Email change"): the old address was told, with a link that
 * undoes it until `undoUntil`. Only the SHA-256 of the link's token is kept.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    oldEmail: varchar("old_email", { length: 320 }).notNull(),
    newEmail: varchar("new_email", { length: 320 }).notNull(),
    undoHash: varchar("undo_hash", { length: 64 }).notNull(),
    createdAt: createdAt(),
    undoUntil: timestamp("undo_until", { withTimezone: true }).notNull(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("email_changes_undo_idx").on(t.undoHash), index("email_changes_user_idx").on(t.userId)],
);

/**
 * A review of a member's membership in a group (docs/decisions/020 "Membership review"): asked by a
 * member with a reason, answered by the member under review, voted on by the group's trusted members
 * until `closesAt`; `quorum` is fixed when it opens.
 */
export const groupReviews = pgTable(
  "group_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    askedById: uuid("asked_by_id").references(() => users.id, { onDelete: "set null" }),
    reason: varchar("reason", { length: 1000 }).notNull(),
    answer: varchar("answer", { length: 2000 }),
    quorum: integer("quorum").notNull(),
    status: varchar("status", { length: 10, enum: ["open", "removed", "kept"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    check("group_reviews_status_known", sql`${t.status} IN ('open', 'removed', 'kept')`),
    uniqueIndex("group_reviews_one_open_idx").on(t.groupId, t.memberId).where(sql`${t.status} = 'open'`),
    index("group_reviews_due_idx").on(t.closesAt).where(sql`${t.status} = 'open'`),
    index("group_reviews_group_idx").on(t.groupId, t.createdAt.desc().nullsFirst()),
  ],
);

/** A vote in a membership review; `established` says the voter had been in the group 14 days before it opened. */
export const groupReviewVotes = pgTable(
  "group_review_votes",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => groupReviews.id, { onDelete: "cascade" }),
    voterId: uuid("voter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    vote: varchar("vote", { length: 10, enum: ["remove", "keep"] }).notNull(),
    established: boolean("established").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.voterId] }),
    check("group_review_votes_vote_known", sql`${t.vote} IN ('remove', 'keep')`),
  ],
);

/**
 * A cook's connected Stripe Express account (docs/decisions/022): made when they first connect, and
 * able to take card payments once Stripe says so (`account.updated`, `charges_enabled`).
 */
export const paymentAccounts = pgTable("payment_accounts", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  accountId: varchar("account_id", { length: 64 }).notNull().unique(),
  chargesEnabled: boolean("charges_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One card payment of one request (docs/decisions/022): a PaymentIntent with manual capture, in the
 * deployment's currency's minor units. `status` moves only on Stripe's signed events; `want` is what
 * MealShare has asked of Stripe and not yet heard back about (payments/machine.ts). Kept when the
 * request or a member goes: it is a record of money.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .unique()
      .references(() => requests.id, { onDelete: "set null" }),
    eaterId: uuid("eater_id").references(() => users.id, { onDelete: "set null" }),
    feederId: uuid("feeder_id").references(() => users.id, { onDelete: "set null" }),
    mealTitle: varchar("meal_title", { length: 120 }).notNull(),
    accountId: varchar("account_id", { length: 64 }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull().default(0),
    currency: varchar("currency", { length: 3 }).notNull(),
    portions: integer("portions").notNull(),
    chargeNoShow: boolean("charge_no_show").notNull().default(false),
    status: varchar("status", {
      length: 20,
      enum: ["requires_payment", "held", "paid", "voided", "refunded"],
    })
      .notNull()
      .default("requires_payment"),
    want: varchar("want", { length: 10, enum: ["capture", "void", "refund"] }),
    intentId: varchar("intent_id", { length: 64 }).unique(),
    clientSecret: varchar("client_secret", { length: 200 }),
    refundedCents: integer("refunded_cents").notNull().default(0),
    heldAt: timestamp("held_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payments_amount_positive", sql`${t.amountCents} > 0 AND ${t.feeCents} >= 0`),
    check(
      "payments_status_known",
      sql`${t.status} IN ('requires_payment', 'held', 'paid', 'voided', 'refunded')`,
    ),
    // The cook's sales, newest first (Settings, and its CSV), and the admin's days and open holds.
    index("payments_feeder_idx").on(t.feederId, t.createdAt.desc().nullsFirst()),
    index("payments_created_idx").on(t.createdAt),
    index("payments_open_holds_idx").on(t.heldAt).where(sql`${t.status} = 'held'`),
  ],
);

/** Stripe events already applied (docs/decisions/022 "Webhooks"): the same event twice changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: varchar("id", { length: 255 }).primaryKey(),
  type: varchar("type", { length: 100 }).notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
export type PaymentRow = typeof payments.$inferSelect;
