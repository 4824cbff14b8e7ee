CREATE TABLE "ledger_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"unit" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_unit_check" CHECK ("ledger_accounts"."unit" in ('litre', 'bonus_point') or "ledger_accounts"."unit" ~ '^money:[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "ledger_draws" (
	"entry_id" text NOT NULL,
	"lot_id" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_draws_entry_id_lot_id_pk" PRIMARY KEY("entry_id","lot_id"),
	CONSTRAINT "ledger_draws_amount_check" CHECK ("ledger_draws"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"key" text NOT NULL,
	"hold_id" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK (kind in ('grant', 'purchase', 'hold', 'capture', 'release', 'refund', 'expiry', 'adjustment')),
	CONSTRAINT "ledger_entries_amount_sign" CHECK (case "ledger_entries"."kind"
        when 'grant' then "ledger_entries"."amount" > 0 when 'purchase' then "ledger_entries"."amount" > 0
        when 'release' then "ledger_entries"."amount" > 0 when 'capture' then "ledger_entries"."amount" = 0
        when 'adjustment' then "ledger_entries"."amount" <> 0 else "ledger_entries"."amount" < 0 end),
	CONSTRAINT "ledger_entries_hold_ref" CHECK (("ledger_entries"."hold_id" is not null) = ("ledger_entries"."kind" in ('capture', 'release'))),
	CONSTRAINT "ledger_entries_expiry_of_credit" CHECK ("ledger_entries"."expires_at" is null or ("ledger_entries"."kind" in ('grant', 'purchase', 'adjustment') and "ledger_entries"."amount" > 0))
);
--> statement-breakpoint
ALTER TABLE "ledger_draws" ADD CONSTRAINT "ledger_draws_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_draws" ADD CONSTRAINT "ledger_draws_lot_id_ledger_entries_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_hold_id_ledger_entries_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_unit_key" ON "ledger_accounts" USING btree ("user_id","unit");--> statement-breakpoint
CREATE INDEX "ledger_draws_lot_idx" ON "ledger_draws" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_key_key" ON "ledger_entries" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_hold_id_key" ON "ledger_entries" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_entries_open_hold_idx" ON "ledger_entries" USING btree ("created_at") WHERE "ledger_entries"."kind" = 'hold';--> statement-breakpoint
CREATE INDEX "ledger_entries_expires_idx" ON "ledger_entries" USING btree ("expires_at") WHERE "ledger_entries"."expires_at" is not null;--> statement-breakpoint
-- Entries are append-only: an UPDATE, DELETE or TRUNCATE of an entry or a draw is refused. A
-- correction is a new entry (an adjustment); a hold is closed by a capture or a release entry.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: % on % is refused, entries are append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_draws_append_only" BEFORE UPDATE OR DELETE ON "ledger_draws"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_draws_no_truncate" BEFORE TRUNCATE ON "ledger_draws"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
-- The balances of litre_entries move to the ledger. Holds still 'held' are not moved: their
-- requests died with the process this migration replaced (they would have been given back).
INSERT INTO "ledger_accounts" ("id", "user_id", "unit", "created_at")
SELECT gen_random_uuid()::text, "user_id", 'litre', min("created_at")
FROM "litre_entries" GROUP BY "user_id";--> statement-breakpoint
-- Paid litres: one adjustment per user with what is left of them; it never expires.
INSERT INTO "ledger_entries" ("id", "account_id", "kind", "amount", "key", "created_at")
SELECT gen_random_uuid()::text, a."id", 'adjustment', p."paid", 'adjustment:litre_entries:paid:' || a."user_id", now()
FROM (
  SELECT "user_id", sum("quantity") AS "paid" FROM "litre_entries"
  WHERE "bucket" = 'paid' AND "state" = 'done' GROUP BY "user_id"
) p
JOIN "ledger_accounts" a ON a."user_id" = p."user_id" AND a."unit" = 'litre'
WHERE p."paid" > 0;--> statement-breakpoint
-- This month's free litres as the ledger posts them (5, the monthly grant of that time, under the
-- key the ledger would use, expiring at the month's end), for each user who used some of them ...
INSERT INTO "ledger_entries" ("id", "account_id", "kind", "amount", "key", "expires_at", "created_at")
SELECT gen_random_uuid()::text, a."id", 'grant', 5,
  'grant:free:' || a."user_id" || ':' || to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'),
  (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC', now()
FROM "litre_entries" e
JOIN "ledger_accounts" a ON a."user_id" = e."user_id" AND a."unit" = 'litre'
WHERE e."bucket" = 'free' AND e."state" = 'done' AND e."period" = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM')
GROUP BY a."id", a."user_id"
HAVING sum(e."quantity") < 0;--> statement-breakpoint
-- ... and what they used of it: an adjustment drawn from that grant.
INSERT INTO "ledger_entries" ("id", "account_id", "kind", "amount", "key", "created_at")
SELECT gen_random_uuid()::text, a."id", 'adjustment', greatest(sum(e."quantity"), -5),
  'adjustment:litre_entries:free:' || a."user_id" || ':' || to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'), now()
FROM "litre_entries" e
JOIN "ledger_accounts" a ON a."user_id" = e."user_id" AND a."unit" = 'litre'
WHERE e."bucket" = 'free' AND e."state" = 'done' AND e."period" = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM')
GROUP BY a."id", a."user_id"
HAVING sum(e."quantity") < 0;--> statement-breakpoint
INSERT INTO "ledger_draws" ("entry_id", "lot_id", "amount")
SELECT used."id", "grant"."id", used."amount"
FROM "ledger_entries" used
JOIN "ledger_accounts" a ON a."id" = used."account_id"
JOIN "ledger_entries" "grant"
  ON "grant"."key" = 'grant:free:' || a."user_id" || ':' || to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM')
WHERE used."key" = 'adjustment:litre_entries:free:' || a."user_id" || ':' || to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM');--> statement-breakpoint
DROP TABLE "litre_entries";
