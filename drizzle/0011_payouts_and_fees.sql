CREATE TABLE "payout_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"requirements_due" text[] DEFAULT '{}'::text[] NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "payout_reversals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payout_id" uuid NOT NULL,
	"reversal_key" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_reversal_id" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payout_reversals_reversal_key_unique" UNIQUE("reversal_key"),
	CONSTRAINT "payout_reversals_amount_positive" CHECK ("payout_reversals"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"payee_kind" text NOT NULL,
	"payee_user_id" text NOT NULL,
	"affiliate_id" uuid,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transfer_key" text NOT NULL,
	"account_id" text,
	"provider_transfer_id" text,
	"failure" text,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payouts_transfer_key_unique" UNIQUE("transfer_key"),
	CONSTRAINT "payouts_event_payee_key" UNIQUE("event_id","payee_kind","payee_user_id"),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "absorbs_booking_fee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "absorbed_fee_per_ticket_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "business_address" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "organiser_fee_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "absorbed_fee_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reversals" ADD CONSTRAINT "payout_reversals_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payee_user_id_user_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_reversals_payout_idx" ON "payout_reversals" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payouts_payee_idx" ON "payouts" USING btree ("payee_user_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "ledger_payout_idx" ON "ledger_entries" USING btree ("payout_id");--> statement-breakpoint
-- Issue 20 (D22): every paid booking already sold owes the organiser fee on its valid tickets, 2.9% (half up) + 30p a ticket.
INSERT INTO "ledger_entries" ("entry_key", "kind", "amount_pence", "order_id", "booking_id", "event_id", "provider_ref")
SELECT 'orgfee:' || b."id", 'organiser_fee', (ol."unit_price_pence" * b."ticket_quantity" * 290 + 5000) / 10000 + 30 * b."ticket_quantity",
  ol."order_id", b."id", ol."event_id", o."payment_reference"
FROM "bookings" b
JOIN "order_lines" ol ON ol."id" = b."order_line_id"
JOIN "orders" o ON o."id" = ol."order_id"
WHERE ol."unit_price_pence" > 0 AND b."ticket_quantity" > 0 AND b."status" <> 'disputed'
  AND EXISTS (SELECT 1 FROM "ledger_entries" s WHERE s."entry_key" = 'sale:' || b."id")
ON CONFLICT ("entry_key") DO NOTHING;
