CREATE TABLE "favourite_trade_offers" (
	"user_id" text NOT NULL,
	"trade_offer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_trade_offers_user_id_trade_offer_id_pk" PRIMARY KEY("user_id","trade_offer_id")
);
--> statement-breakpoint
CREATE TABLE "product_features" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_groups_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"unit_id" text NOT NULL,
	"group_id" text,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"caption" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"article" text,
	"litres" integer,
	"use_quantity_limit" boolean DEFAULT false NOT NULL,
	"quantity_limit_range" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(name->>'en', '')), 'A') || setweight(to_tsvector('russian'::regconfig, coalesce(name->>'ru', '')), 'A') || to_tsvector('english'::regconfig, coalesce(caption->>'en', '') || ' ' || coalesce(description->>'en', '')) || to_tsvector('russian'::regconfig, coalesce(caption->>'ru', '') || ' ' || coalesce(description->>'ru', '')) || to_tsvector('simple'::regconfig, coalesce(article, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_type_check" CHECK ("products"."type" in ('goods', 'gift_card', 'pin_code', 'personal_account'))
);
--> statement-breakpoint
CREATE TABLE "trade_offer_feature_item_prices" (
	"feature_item_id" text NOT NULL,
	"currency_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "trade_offer_feature_item_prices_feature_item_id_currency_id_pk" PRIMARY KEY("feature_item_id","currency_id"),
	CONSTRAINT "trade_offer_feature_item_prices_amount_check" CHECK ("trade_offer_feature_item_prices"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trade_offer_feature_items" (
	"id" text PRIMARY KEY NOT NULL,
	"trade_offer_id" text NOT NULL,
	"feature_id" text NOT NULL,
	"value" text NOT NULL,
	"display_name" jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "trade_offer_feature_items_value_key" UNIQUE("trade_offer_id","feature_id","value")
);
--> statement-breakpoint
CREATE TABLE "trade_offer_prices" (
	"trade_offer_id" text NOT NULL,
	"currency_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "trade_offer_prices_trade_offer_id_currency_id_pk" PRIMARY KEY("trade_offer_id","currency_id"),
	CONSTRAINT "trade_offer_prices_amount_check" CHECK ("trade_offer_prices"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trade_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"available_quantity" integer,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favourite_trade_offers" ADD CONSTRAINT "favourite_trade_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_trade_offers" ADD CONSTRAINT "favourite_trade_offers_trade_offer_id_trade_offers_id_fk" FOREIGN KEY ("trade_offer_id") REFERENCES "public"."trade_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_parent_id_product_groups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."product_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offer_feature_item_prices" ADD CONSTRAINT "trade_offer_feature_item_prices_feature_item_id_trade_offer_feature_items_id_fk" FOREIGN KEY ("feature_item_id") REFERENCES "public"."trade_offer_feature_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offer_feature_item_prices" ADD CONSTRAINT "trade_offer_feature_item_prices_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offer_feature_items" ADD CONSTRAINT "trade_offer_feature_items_trade_offer_id_trade_offers_id_fk" FOREIGN KEY ("trade_offer_id") REFERENCES "public"."trade_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offer_feature_items" ADD CONSTRAINT "trade_offer_feature_items_feature_id_product_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."product_features"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offer_prices" ADD CONSTRAINT "trade_offer_prices_trade_offer_id_trade_offers_id_fk" FOREIGN KEY ("trade_offer_id") REFERENCES "public"."trade_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offer_prices" ADD CONSTRAINT "trade_offer_prices_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_groups_parent_idx" ON "product_groups" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "products_group_idx" ON "products" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "trade_offer_feature_items_feature_idx" ON "trade_offer_feature_items" USING btree ("feature_id","value");--> statement-breakpoint
CREATE INDEX "trade_offers_product_idx" ON "trade_offers" USING btree ("product_id");