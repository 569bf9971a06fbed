-- docs/decisions/020 "One person": the inbox an address reaches. Lower case; a plus-tag dropped
-- (x+tag@ reaches x@ at every common provider); dots dropped where the provider ignores them (Gmail,
-- and Googlemail is Gmail). The one place this rule lives: users.inbox_key and the mail caps call it.
CREATE OR REPLACE FUNCTION mealshare_inbox_key(email text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN parts.domain IS NULL OR parts.domain = '' THEN lower(email)
    WHEN parts.domain IN ('gmail.com', 'googlemail.com')
      THEN replace(split_part(parts.local_part, '+', 1), '.', '') || '@gmail.com'
    ELSE split_part(parts.local_part, '+', 1) || '@' || parts.domain
  END
  FROM (SELECT lower(substring(email FROM '^(.*)@[^@]*$')) AS local_part,
               lower(substring(email FROM '@([^@]*)$')) AS domain) AS parts
$$;--> statement-breakpoint
ALTER TYPE "public"."report_target_type" ADD VALUE 'message' BEFORE 'other';--> statement-breakpoint
CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"old_email" varchar(320) NOT NULL,
	"new_email" varchar(320) NOT NULL,
	"undo_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"undo_until" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "group_review_votes" (
	"review_id" uuid NOT NULL,
	"voter_id" uuid NOT NULL,
	"vote" varchar(10) NOT NULL,
	"established" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "group_review_votes_review_id_voter_id_pk" PRIMARY KEY("review_id","voter_id"),
	CONSTRAINT "group_review_votes_vote_known" CHECK ("group_review_votes"."vote" IN ('remove', 'keep'))
);
--> statement-breakpoint
CREATE TABLE "group_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"asked_by_id" uuid,
	"reason" varchar(1000) NOT NULL,
	"answer" varchar(2000),
	"quorum" integer NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "group_reviews_status_known" CHECK ("group_reviews"."status" IN ('open', 'removed', 'kept'))
);
--> statement-breakpoint
CREATE TABLE "mail_quotas" (
	"key" varchar(400) NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mail_quotas_key_day_pk" PRIMARY KEY("key","day")
);
--> statement-breakpoint
CREATE TABLE "member_trust" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"level" varchar(10) DEFAULT 'newcomer' NOT NULL,
	"exchanges" integer DEFAULT 0 NOT NULL,
	"partners" integer DEFAULT 0 NOT NULL,
	"vouches" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_trust_level_known" CHECK ("member_trust"."level" IN ('newcomer', 'neighbour', 'trusted'))
);
--> statement-breakpoint
CREATE TABLE "moderation_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(10) NOT NULL,
	"target_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"group_id" uuid,
	"link" varchar(300) NOT NULL,
	"text" varchar(8000) NOT NULL,
	"signals" jsonb NOT NULL,
	"score" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "moderation_items_status_known" CHECK ("moderation_items"."status" IN ('held', 'flagged', 'released', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "moderation_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" varchar(20) NOT NULL,
	"item_id" uuid,
	"subject_id" uuid,
	"group_id" uuid,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spam_signature_bands" (
	"band" varchar(64) NOT NULL,
	"signature_id" uuid NOT NULL,
	CONSTRAINT "spam_signature_bands_band_signature_id_pk" PRIMARY KEY("band","signature_id")
);
--> statement-breakpoint
CREATE TABLE "spam_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid,
	"hashes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouches" (
	"voucher_id" uuid NOT NULL,
	"vouchee_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "vouches_voucher_id_vouchee_id_pk" PRIMARY KEY("voucher_id","vouchee_id"),
	CONSTRAINT "vouches_not_self" CHECK ("vouches"."voucher_id" <> "vouches"."vouchee_id")
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_draws" ADD COLUMN "eligibility" varchar(12) DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "held_for_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "message_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD COLUMN "requester" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inbox_key" varchar(320) GENERATED ALWAYS AS (mealshare_inbox_key(email)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_review_votes" ADD CONSTRAINT "group_review_votes_review_id_group_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."group_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_review_votes" ADD CONSTRAINT "group_review_votes_voter_id_users_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_reviews" ADD CONSTRAINT "group_reviews_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_reviews" ADD CONSTRAINT "group_reviews_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_reviews" ADD CONSTRAINT "group_reviews_asked_by_id_users_id_fk" FOREIGN KEY ("asked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_trust" ADD CONSTRAINT "member_trust_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_item_id_moderation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."moderation_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spam_signature_bands" ADD CONSTRAINT "spam_signature_bands_signature_id_spam_signatures_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."spam_signatures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spam_signatures" ADD CONSTRAINT "spam_signatures_item_id_moderation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."moderation_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouches" ADD CONSTRAINT "vouches_voucher_id_users_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouches" ADD CONSTRAINT "vouches_vouchee_id_users_id_fk" FOREIGN KEY ("vouchee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_undo_idx" ON "email_changes" USING btree ("undo_hash");--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_reviews_one_open_idx" ON "group_reviews" USING btree ("group_id","member_id") WHERE "group_reviews"."status" = 'open';--> statement-breakpoint
CREATE INDEX "group_reviews_due_idx" ON "group_reviews" USING btree ("closes_at") WHERE "group_reviews"."status" = 'open';--> statement-breakpoint
CREATE INDEX "group_reviews_group_idx" ON "group_reviews" USING btree ("group_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "moderation_items_open_idx" ON "moderation_items" USING btree ("created_at","id") WHERE "moderation_items"."status" IN ('held', 'flagged');--> statement-breakpoint
CREATE INDEX "moderation_items_group_open_idx" ON "moderation_items" USING btree ("group_id","created_at") WHERE "moderation_items"."status" IN ('held', 'flagged') AND "moderation_items"."group_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "moderation_items_target_idx" ON "moderation_items" USING btree ("kind","target_id");--> statement-breakpoint
CREATE INDEX "moderation_items_author_idx" ON "moderation_items" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_log_created_idx" ON "moderation_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vouches_voucher_week_idx" ON "vouches" USING btree ("voucher_id","created_at");--> statement-breakpoint
CREATE INDEX "vouches_vouchee_idx" ON "vouches" USING btree ("vouchee_id");--> statement-breakpoint
CREATE INDEX "users_inbox_key_idx" ON "users" USING btree ("inbox_key");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");
--> statement-breakpoint
-- Members who exchanged meals before levels existed keep what they earned (docs/decisions/020
-- "Levels"): a completed exchange with another person makes a neighbour; exchanges with three
-- people and the old Trusted Member's rating (4.0 or more) make a trusted member.
INSERT INTO "member_trust" ("user_id", "level", "exchanges", "partners")
SELECT u."id",
  CASE WHEN x."partners" >= 3 AND u."rating_count" > 0 AND u."rating_sum"::numeric / u."rating_count" >= 4
         THEN 'trusted' ELSE 'neighbour' END,
  x."exchanges", x."partners"
FROM "users" u
JOIN (
  SELECT s."me", count(*)::int AS "exchanges", count(DISTINCT s."partner_inbox")::int AS "partners"
  FROM (
    SELECT r."eater_id" AS "me", f."inbox_key" AS "partner_inbox", e."inbox_key" AS "my_inbox"
    FROM "requests" r JOIN "users" f ON f."id" = r."feeder_id" JOIN "users" e ON e."id" = r."eater_id"
    WHERE r."status" = 'completed'
    UNION ALL
    SELECT r."feeder_id", e."inbox_key", f."inbox_key"
    FROM "requests" r JOIN "users" f ON f."id" = r."feeder_id" JOIN "users" e ON e."id" = r."eater_id"
    WHERE r."status" = 'completed'
  ) s
  WHERE s."partner_inbox" <> s."my_inbox"
  GROUP BY s."me"
) x ON x."me" = u."id";
