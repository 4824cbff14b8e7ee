CREATE TABLE "delivery_option_prices" (
	"delivery_option_id" text NOT NULL,
	"currency_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "delivery_option_prices_delivery_option_id_currency_id_pk" PRIMARY KEY("delivery_option_id","currency_id"),
	CONSTRAINT "delivery_option_prices_amount_check" CHECK ("delivery_option_prices"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_options" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_contact_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"address" jsonb,
	"pickup_point_id" text,
	"full_name" text,
	"phone_number" text,
	"email" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_settlements" (
	"user_id" text PRIMARY KEY NOT NULL,
	"settlement_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_points" (
	"id" text PRIMARY KEY NOT NULL,
	"delivery_option_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"settlement_id" text NOT NULL,
	"opening_hours" jsonb NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopping_cart_items" (
	"id" text PRIMARY KEY NOT NULL,
	"cart_id" text NOT NULL,
	"trade_offer_id" text NOT NULL,
	"option_id" text DEFAULT '' NOT NULL,
	"product_set_id" text,
	"product_set_feature_id" text,
	"quantity" integer NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"validity_period_id" text,
	"validity_period_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopping_cart_items_quantity_check" CHECK ("shopping_cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shopping_carts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"payment_option_id" text,
	"delivery_option_id" text,
	"delivery_contact_set_id" text,
	"recipient_contact_set_id" text,
	"coupon_code" text,
	"bonus_point_outcome" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopping_carts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"trade_offer_id" text,
	"product_id" text,
	"product_type" text,
	"name" jsonb NOT NULL,
	"option_id" text,
	"option_name" jsonb,
	"article" text,
	"unit_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"vat_rate_percent" integer,
	"vat_minor" bigint NOT NULL,
	"product_set_id" text,
	"litres" integer,
	"set_print_option" text,
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"number" serial NOT NULL,
	"user_id" text NOT NULL,
	"store_id" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"language" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"amount_without_discount_minor" bigint NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"vat_minor" bigint DEFAULT 0 NOT NULL,
	"delivery_minor" bigint DEFAULT 0 NOT NULL,
	"payment_option_id" text,
	"contacts" jsonb NOT NULL,
	"needs_delivery" boolean NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" text,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_options" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"payment_option_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"failure_reason" text,
	"resolve_url" text NOT NULL,
	"reject_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_rate_percent" integer DEFAULT 22;--> statement-breakpoint
ALTER TABLE "delivery_option_prices" ADD CONSTRAINT "delivery_option_prices_delivery_option_id_delivery_options_id_fk" FOREIGN KEY ("delivery_option_id") REFERENCES "public"."delivery_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_option_prices" ADD CONSTRAINT "delivery_option_prices_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_contact_sets" ADD CONSTRAINT "partner_contact_sets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_contact_sets" ADD CONSTRAINT "partner_contact_sets_pickup_point_id_pickup_points_id_fk" FOREIGN KEY ("pickup_point_id") REFERENCES "public"."pickup_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_settlements" ADD CONSTRAINT "partner_settlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD CONSTRAINT "pickup_points_delivery_option_id_delivery_options_id_fk" FOREIGN KEY ("delivery_option_id") REFERENCES "public"."delivery_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_cart_items" ADD CONSTRAINT "shopping_cart_items_cart_id_shopping_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."shopping_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_cart_items" ADD CONSTRAINT "shopping_cart_items_trade_offer_id_trade_offers_id_fk" FOREIGN KEY ("trade_offer_id") REFERENCES "public"."trade_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_carts" ADD CONSTRAINT "shopping_carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_carts" ADD CONSTRAINT "shopping_carts_delivery_option_id_delivery_options_id_fk" FOREIGN KEY ("delivery_option_id") REFERENCES "public"."delivery_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_carts" ADD CONSTRAINT "shopping_carts_delivery_contact_set_id_partner_contact_sets_id_fk" FOREIGN KEY ("delivery_contact_set_id") REFERENCES "public"."partner_contact_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_carts" ADD CONSTRAINT "shopping_carts_recipient_contact_set_id_partner_contact_sets_id_fk" FOREIGN KEY ("recipient_contact_set_id") REFERENCES "public"."partner_contact_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_contact_sets_user_idx" ON "partner_contact_sets" USING btree ("user_id","deleted");--> statement-breakpoint
CREATE INDEX "pickup_points_option_idx" ON "pickup_points" USING btree ("delivery_option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopping_cart_items_offer_key" ON "shopping_cart_items" USING btree ("cart_id","trade_offer_id","option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_position_key" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","placed_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_key" ON "payments" USING btree ("provider","provider_payment_id");