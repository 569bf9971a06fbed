ALTER TABLE "meal_alerts" DROP COLUMN "exclude_codes";--> statement-breakpoint
ALTER TABLE "meal_alerts" DROP COLUMN "exclude_query";