CREATE TABLE "payment_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"account_id" varchar(64) NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid,
	"eater_id" uuid,
	"feeder_id" uuid,
	"meal_title" varchar(120) NOT NULL,
	"account_id" varchar(64) NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"currency" varchar(3) NOT NULL,
	"portions" integer NOT NULL,
	"charge_no_show" boolean DEFAULT false NOT NULL,
	"status" varchar(20) DEFAULT 'requires_payment' NOT NULL,
	"want" varchar(10),
	"intent_id" varchar(64),
	"client_secret" varchar(200),
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"held_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "payments_intent_id_unique" UNIQUE("intent_id"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0 AND "payments"."fee_cents" >= 0),
	CONSTRAINT "payments_status_known" CHECK ("payments"."status" IN ('requires_payment', 'held', 'paid', 'voided', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"type" varchar(100) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "payment_ways" varchar(4) DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "charge_no_show" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "pay_by" varchar(4) DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "charge_no_show" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "payment_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_eater_id_users_id_fk" FOREIGN KEY ("eater_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_feeder_id_users_id_fk" FOREIGN KEY ("feeder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_feeder_idx" ON "payments" USING btree ("feeder_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_open_holds_idx" ON "payments" USING btree ("held_at") WHERE "payments"."status" = 'held';