CREATE TABLE "product_kinds" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"feature_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_segment_mappings" (
	"segment_id" text NOT NULL,
	"product_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_segment_mappings_segment_id_product_id_pk" PRIMARY KEY("segment_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_segments" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"rule" jsonb NOT NULL,
	"executed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_set_items" (
	"set_id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_set_items_set_id_product_id_pk" PRIMARY KEY("set_id","product_id"),
	CONSTRAINT "product_set_items_quantity_check" CHECK ("product_set_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"print_option" text DEFAULT 'set_and_products' NOT NULL,
	"price_calculation_method" text DEFAULT 'fixed' NOT NULL,
	CONSTRAINT "product_sets_product_id_unique" UNIQUE("product_id"),
	CONSTRAINT "product_sets_print_option_check" CHECK ("product_sets"."print_option" in ('only_set', 'only_products', 'set_and_products')),
	CONSTRAINT "product_sets_price_calculation_method_check" CHECK ("product_sets"."price_calculation_method" in ('fixed', 'by_product_prices'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "kind_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "use_feature_option" text DEFAULT 'use_by_product' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_segment_mappings" ADD CONSTRAINT "product_segment_mappings_segment_id_product_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."product_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_segment_mappings" ADD CONSTRAINT "product_segment_mappings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_set_items" ADD CONSTRAINT "product_set_items_set_id_product_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."product_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_set_items" ADD CONSTRAINT "product_set_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sets" ADD CONSTRAINT "product_sets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_segment_mappings_product_idx" ON "product_segment_mappings" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_kind_id_product_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."product_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_use_feature_option_check" CHECK ("products"."use_feature_option" = 'use_by_product' or ("products"."use_feature_option" = 'use_by_kind' and "products"."kind_id" is not null));