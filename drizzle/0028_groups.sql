CREATE TABLE "group_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"rules_accepted" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"decided_by_id" uuid,
	"decision_message" varchar(1000),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "group_applications_status_known" CHECK ("group_applications"."status" IN ('pending', 'approved', 'declined', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "group_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_by_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" varchar(10) NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"rules_accepted" integer NOT NULL,
	"removed_reason" varchar(500),
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id"),
	CONSTRAINT "group_members_role_known" CHECK ("group_members"."role" IN ('owner', 'moderator', 'member', 'newcomer')),
	CONSTRAINT "group_members_status_known" CHECK ("group_members"."status" IN ('active', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(80) NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"welcome" varchar(1000) DEFAULT '' NOT NULL,
	"rules" varchar(4000) DEFAULT '' NOT NULL,
	"rules_version" integer DEFAULT 1 NOT NULL,
	"visibility" varchar(10) DEFAULT 'listed' NOT NULL,
	"join_rule" varchar(20) DEFAULT 'open' NOT NULL,
	"email_domain" varchar(253),
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"newcomers_may_request" boolean DEFAULT true NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"radius_km" integer,
	"owner_id" uuid NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"search_doc" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(description, '')), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_visibility_known" CHECK ("groups"."visibility" IN ('listed', 'hidden')),
	CONSTRAINT "groups_join_rule_known" CHECK ("groups"."join_rule" IN ('open', 'application', 'invite', 'email_domain')),
	CONSTRAINT "groups_email_domain_for_rule" CHECK ("groups"."join_rule" <> 'email_domain' OR "groups"."email_domain" IS NOT NULL),
	CONSTRAINT "groups_rules_version_positive" CHECK ("groups"."rules_version" >= 1),
	CONSTRAINT "groups_radius_range" CHECK ("groups"."radius_km" IS NULL OR "groups"."radius_km" BETWEEN 1 AND 50)
);
--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "members_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_applications" ADD CONSTRAINT "group_applications_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_applications" ADD CONSTRAINT "group_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_applications" ADD CONSTRAINT "group_applications_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invites" ADD CONSTRAINT "group_invites_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invites" ADD CONSTRAINT "group_invites_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_applications_one_pending_idx" ON "group_applications" USING btree ("group_id","user_id") WHERE "group_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "group_applications_pending_idx" ON "group_applications" USING btree ("group_id","created_at","id") WHERE "group_applications"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "group_invites_token_idx" ON "group_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "group_invites_group_idx" ON "group_invites" USING btree ("group_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id","status","group_id");--> statement-breakpoint
CREATE INDEX "group_members_list_idx" ON "group_members" USING btree ("group_id","created_at","user_id") WHERE "group_members"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_one_owner_idx" ON "group_members" USING btree ("group_id") WHERE "group_members"."role" = 'owner';--> statement-breakpoint
CREATE INDEX "groups_listed_idx" ON "groups" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "groups"."visibility" = 'listed';--> statement-breakpoint
CREATE INDEX "groups_listed_search_idx" ON "groups" USING gin ("search_doc") WHERE "groups"."visibility" = 'listed';--> statement-breakpoint
CREATE INDEX "groups_owner_idx" ON "groups" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "meals" ADD CONSTRAINT "meals_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meals_group_feed_idx" ON "meals" USING btree ("group_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "meals"."group_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "meals_opens_at_idx" ON "meals" USING btree ("opens_at") WHERE "meals"."members_only" AND "meals"."opens_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD CONSTRAINT "meals_members_only_has_group" CHECK (NOT "meals"."members_only" OR "meals"."group_id" IS NOT NULL);--> statement-breakpoint
-- docs/features/groups.md: a group's member count, kept in the transaction that changes its members
-- (active members only), so the directory reads a row per group, not its members.
CREATE FUNCTION group_members_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' THEN
    UPDATE groups SET member_count = member_count - 1 WHERE id = OLD.group_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'active' THEN
    UPDATE groups SET member_count = member_count + 1 WHERE id = NEW.group_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER group_members_count AFTER INSERT OR DELETE OR UPDATE OF status ON group_members
  FOR EACH ROW EXECUTE FUNCTION group_members_count();--> statement-breakpoint
-- docs/features/groups.md point 3: a members-only meal is counted in the public totals (the impact
-- page, a cook's "meals shared") only once it is shared with everyone, so no public figure moves for
-- a meal its readers cannot find.
CREATE OR REPLACE FUNCTION meals_totals_impact() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shared integer;
  delta integer := 0;
  owner uuid;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.members_only THEN
    delta := delta - 1;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.members_only THEN
    delta := delta + 1;
  END IF;
  owner := CASE WHEN TG_OP = 'DELETE' THEN OLD.owner_id ELSE NEW.owner_id END;
  IF delta > 0 THEN
    UPDATE users SET meals_shared = meals_shared + 1 WHERE id = owner RETURNING meals_shared INTO shared;
    UPDATE impact_totals SET meals_shared = meals_shared + 1,
      neighbours_shared = neighbours_shared + CASE WHEN shared = 1 THEN 1 ELSE 0 END
    WHERE id = 1;
  ELSIF delta < 0 THEN
    UPDATE users SET meals_shared = meals_shared - 1 WHERE id = owner RETURNING meals_shared INTO shared;
    UPDATE impact_totals SET meals_shared = meals_shared - 1,
      neighbours_shared = neighbours_shared - CASE WHEN shared = 0 THEN 1 ELSE 0 END
    WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER meals_totals_impact ON meals;--> statement-breakpoint
CREATE TRIGGER meals_totals_impact AFTER INSERT OR DELETE OR UPDATE OF members_only ON meals
  FOR EACH ROW EXECUTE FUNCTION meals_totals_impact();
