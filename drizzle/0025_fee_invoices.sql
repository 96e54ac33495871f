CREATE TABLE "fee_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" text NOT NULL,
	"month" text NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issuer" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"vat_rate_basis_points" integer,
	"lines" jsonb NOT NULL,
	CONSTRAINT "fee_statements_number_unique" UNIQUE("number"),
	CONSTRAINT "fee_statements_organiser_month" UNIQUE("organiser_id","month"),
	CONSTRAINT "fee_statements_month" CHECK ("fee_statements"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
