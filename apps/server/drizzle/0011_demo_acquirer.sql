CREATE TABLE "demo_acquirer_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_payment_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"card_last4" text,
	"confirmation_code_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_acquirer_payments_amount_check" CHECK ("demo_acquirer_payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "demo_acquirer_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"merchant_refund_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_acquirer_refunds_amount_check" CHECK ("demo_acquirer_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "demo_acquirer_refunds" ADD CONSTRAINT "demo_acquirer_refunds_payment_id_demo_acquirer_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."demo_acquirer_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "demo_acquirer_payments_merchant_key" ON "demo_acquirer_payments" USING btree ("merchant_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_acquirer_refunds_merchant_key" ON "demo_acquirer_refunds" USING btree ("merchant_refund_id");