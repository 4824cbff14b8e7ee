CREATE TABLE "vouchers" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"grant" jsonb NOT NULL,
	"issue_key" text NOT NULL,
	"order_item_id" text,
	"product_name" jsonb,
	"buyer_id" text,
	"recipient_email" text,
	"created_at" timestamp with time zone NOT NULL,
	"redeemed_by" text,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "vouchers_code_upper" CHECK ("vouchers"."code" = upper("vouchers"."code")),
	CONSTRAINT "vouchers_redeemed_together" CHECK (("vouchers"."redeemed_by" is null) = ("vouchers"."redeemed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_key" ON "vouchers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_issue_key" ON "vouchers" USING btree ("issue_key");--> statement-breakpoint
CREATE INDEX "vouchers_buyer_idx" ON "vouchers" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "vouchers_redeemed_by_idx" ON "vouchers" USING btree ("redeemed_by");