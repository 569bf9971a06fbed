-- Neighbourhood first (docs/features/neighbourhood.md, docs/DESIGN.md §6c): a member's home area, and
-- alerts for new meals around it. Every point is rounded to ~100 m before it reaches these columns.
CREATE TABLE "alert_matches" (
	"alert_id" uuid NOT NULL,
	"meal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"notification_id" uuid,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "alert_matches_alert_id_meal_id_pk" PRIMARY KEY("alert_id","meal_id")
);
--> statement-breakpoint
CREATE TABLE "meal_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"query_text" varchar(200),
	"query" "tsquery",
	"kind" "meal_kind",
	"exclude_allergens" text[] DEFAULT '{}'::text[] NOT NULL,
	"exclude_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"exclude_query" "tsquery",
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_km" integer NOT NULL,
	"area" "cube" DEFAULT '(0)'::cube NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "meal_alerts_radius_range" CHECK ("meal_alerts"."radius_km" BETWEEN 1 AND 50)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_latitude" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_longitude" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_radius_km" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_label" varchar(120);--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_alert_id_meal_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."meal_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_alerts" ADD CONSTRAINT "meal_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_matches_unsent_idx" ON "alert_matches" USING btree ("alert_id") WHERE "alert_matches"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alert_matches_meal_idx" ON "alert_matches" USING btree ("meal_id");--> statement-breakpoint
CREATE INDEX "meal_alerts_user_idx" ON "meal_alerts" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "meal_alerts_area_idx" ON "meal_alerts" USING gist ("area") WHERE NOT "meal_alerts"."paused";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_home_area_whole" CHECK (("users"."home_latitude" IS NULL) = ("users"."home_longitude" IS NULL) AND ("users"."home_latitude" IS NULL OR ("users"."home_latitude" BETWEEN -90 AND 90 AND "users"."home_longitude" BETWEEN -180 AND 180)));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_home_radius_range" CHECK ("users"."home_radius_km" BETWEEN 1 AND 50);--> statement-breakpoint
-- An alert's circle as the box `earth_box` draws around it, so the alerts around a new meal are one
-- GiST search (`area @> point`); the exact distance is checked after (features/alerts/matching.ts).
-- search_path is pinned for the same reason as meal_geo_point's in migration 0004.
CREATE FUNCTION meal_alerts_area() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  NEW.area := earth_box(ll_to_earth(NEW.latitude, NEW.longitude), NEW.radius_km * 1000.0);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER meal_alerts_area BEFORE INSERT OR UPDATE OF latitude, longitude, radius_km ON meal_alerts
  FOR EACH ROW EXECUTE FUNCTION meal_alerts_area();
