CREATE TABLE "form_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"form_id" text NOT NULL,
	"user_id" text,
	"language" text NOT NULL,
	"values" jsonb NOT NULL,
	"note" text,
	"status" text DEFAULT 'new' NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_fields" (
	"form_id" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"name" jsonb NOT NULL,
	"placeholder" jsonb,
	"description" jsonb,
	"required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min" double precision,
	"max" double precision,
	CONSTRAINT "form_fields_form_id_id_pk" PRIMARY KEY("form_id","id")
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" text PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"title" jsonb NOT NULL,
	"subtitle" jsonb,
	"submit_title" jsonb NOT NULL,
	"after_submit_title" jsonb NOT NULL,
	"after_submit_subtitle" jsonb,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_deliveries" (
	"page_id" text NOT NULL,
	"subscriber_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_deliveries_page_id_subscriber_id_pk" PRIMARY KEY("page_id","subscriber_id")
);
--> statement-breakpoint
CREATE TABLE "news_subscribers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"state" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "page_slugs" (
	"language" text NOT NULL,
	"slug" text NOT NULL,
	"page_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "page_slugs_language_slug_pk" PRIMARY KEY("language","slug")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" jsonb NOT NULL,
	"slug_name" jsonb NOT NULL,
	"preview" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"keywords" jsonb NOT NULL,
	"primary_image_file_id" text,
	"published" boolean DEFAULT true NOT NULL,
	"seed_hash" text,
	"announced_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_deliveries" ADD CONSTRAINT "news_deliveries_subscriber_id_news_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."news_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_slugs" ADD CONSTRAINT "page_slugs_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_answers_form_created_idx" ON "form_answers" USING btree ("form_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "news_subscribers_email_key" ON "news_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "news_subscribers_confirm_key" ON "news_subscribers" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "news_subscribers_unsubscribe_key" ON "news_subscribers" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "news_subscribers_state_idx" ON "news_subscribers" USING btree ("state");--> statement-breakpoint
CREATE INDEX "pages_type_created_idx" ON "pages" USING btree ("type","created_at");