CREATE TABLE "client_errors" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"code" text NOT NULL,
	"request_id" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "purpose" text DEFAULT 'set_password' NOT NULL;--> statement-breakpoint
CREATE INDEX "client_errors_created_idx" ON "client_errors" USING btree ("created_at");