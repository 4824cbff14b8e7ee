CREATE TABLE "currencies" (
	"id" text PRIMARY KEY NOT NULL,
	"character_code" text NOT NULL,
	"symbol" text NOT NULL,
	"name" jsonb NOT NULL,
	"display_name" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "html_meta_tag_items" (
	"store_id" text NOT NULL,
	"page_key" text DEFAULT '' NOT NULL,
	"locale_id" text NOT NULL,
	"type_id" text NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "html_meta_tag_items_store_id_page_key_locale_id_type_id_pk" PRIMARY KEY("store_id","page_key","locale_id","type_id")
);
--> statement-breakpoint
CREATE TABLE "locales" (
	"id" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"legal_name" jsonb NOT NULL,
	"tax_id" text,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_currencies" (
	"store_id" text NOT NULL,
	"currency_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_currencies_store_id_currency_id_pk" PRIMARY KEY("store_id","currency_id")
);
--> statement-breakpoint
CREATE TABLE "store_locales" (
	"store_id" text NOT NULL,
	"locale_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_locales_store_id_locale_id_pk" PRIMARY KEY("store_id","locale_id")
);
--> statement-breakpoint
CREATE TABLE "store_options" (
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"value" boolean NOT NULL,
	CONSTRAINT "store_options_store_id_name_pk" PRIMARY KEY("store_id","name")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"partner_id" text,
	"name" text NOT NULL,
	"default_locale_id" text NOT NULL,
	"default_currency_id" text NOT NULL,
	"site_logo_url" text,
	"site_logo_alt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "html_meta_tag_items" ADD CONSTRAINT "html_meta_tag_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "html_meta_tag_items" ADD CONSTRAINT "html_meta_tag_items_locale_id_locales_id_fk" FOREIGN KEY ("locale_id") REFERENCES "public"."locales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_currencies" ADD CONSTRAINT "store_currencies_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_currencies" ADD CONSTRAINT "store_currencies_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_locales" ADD CONSTRAINT "store_locales_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_locales" ADD CONSTRAINT "store_locales_locale_id_locales_id_fk" FOREIGN KEY ("locale_id") REFERENCES "public"."locales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_options" ADD CONSTRAINT "store_options_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_default_locale_id_locales_id_fk" FOREIGN KEY ("default_locale_id") REFERENCES "public"."locales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_default_currency_id_currencies_id_fk" FOREIGN KEY ("default_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;