ALTER TABLE "orders" ADD COLUMN "bonus_point_outcome" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bonus_point_income" integer DEFAULT 0 NOT NULL;