CREATE TABLE "litre_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"bucket" text NOT NULL,
	"period" text,
	"quantity" integer NOT NULL,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "litre_entries" ADD CONSTRAINT "litre_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "litre_entries_user_idx" ON "litre_entries" USING btree ("user_id","bucket","period");--> statement-breakpoint
CREATE UNIQUE INDEX "litre_entries_reference_key" ON "litre_entries" USING btree ("reference");