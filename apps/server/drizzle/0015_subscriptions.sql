CREATE TABLE "subscription_plan_option_values" (
	"plan_id" text NOT NULL,
	"option_id" text NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "subscription_plan_option_values_plan_id_option_id_pk" PRIMARY KEY("plan_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_plan_options" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"value_type" text NOT NULL,
	"value_at_zero" jsonb,
	"priority" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_plan_periods" (
	"plan_id" text NOT NULL,
	"period" text NOT NULL,
	"prices" jsonb NOT NULL,
	CONSTRAINT "subscription_plan_periods_plan_id_period_pk" PRIMARY KEY("plan_id","period")
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"trade_offer_id" text NOT NULL,
	"litres_per_month" integer NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "subscription_plans_litres_check" CHECK ("subscription_plans"."litres_per_month" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_terms" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"term" integer NOT NULL,
	"key" text NOT NULL,
	"plan_id" text NOT NULL,
	"period" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"period" text NOT NULL,
	"state" text NOT NULL,
	"currency" text NOT NULL,
	"term_amount_minor" bigint NOT NULL,
	"term" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"term_started_at" timestamp with time zone NOT NULL,
	"paid_until" timestamp with time zone,
	"anchor_at" timestamp with time zone NOT NULL,
	"accruals" integer DEFAULT 0 NOT NULL,
	"next_accrual_at" timestamp with time zone,
	"next_plan_id" text,
	"next_period" text,
	"replaces_id" text,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriptions_forever_check" CHECK (("subscriptions"."period" = 'forever') = ("subscriptions"."paid_until" is null))
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_type_check";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "validity_period_id" text;--> statement-breakpoint
ALTER TABLE "subscription_plan_option_values" ADD CONSTRAINT "subscription_plan_option_values_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plan_option_values" ADD CONSTRAINT "subscription_plan_option_values_option_id_subscription_plan_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."subscription_plan_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plan_periods" ADD CONSTRAINT "subscription_plan_periods_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_trade_offer_id_trade_offers_id_fk" FOREIGN KEY ("trade_offer_id") REFERENCES "public"."trade_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_terms" ADD CONSTRAINT "subscription_terms_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_terms" ADD CONSTRAINT "subscription_terms_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_next_plan_id_subscription_plans_id_fk" FOREIGN KEY ("next_plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_plans_product_key" ON "subscription_plans" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_terms_key_key" ON "subscription_terms" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_terms_term_key" ON "subscription_terms" USING btree ("subscription_id","term");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_user_key" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."state" in ('active', 'cancelled');--> statement-breakpoint
CREATE INDEX "subscriptions_next_accrual_idx" ON "subscriptions" USING btree ("next_accrual_at") WHERE "subscriptions"."state" in ('active', 'cancelled');--> statement-breakpoint
CREATE INDEX "subscriptions_paid_until_idx" ON "subscriptions" USING btree ("paid_until") WHERE "subscriptions"."state" in ('active', 'cancelled');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_type_check" CHECK (type in ('goods', 'gift_card', 'pin_code', 'personal_account', 'subscription_plan'));