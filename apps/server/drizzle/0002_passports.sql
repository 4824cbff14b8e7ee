CREATE TABLE "passport_logins" (
	"state" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"store_id" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
