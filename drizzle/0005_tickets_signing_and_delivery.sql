CREATE TABLE "ticket_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ticket_email_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ticket_email_provider" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ticket_email_error" text;--> statement-breakpoint
-- Bookings made before e-mail delivery was tracked had their ticket sent by the payment page.
UPDATE "bookings" SET "ticket_email_sent_at" = "created_at" WHERE "ticket_email_sent_at" IS NULL;