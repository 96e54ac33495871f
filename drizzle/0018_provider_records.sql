-- The local provider's own record of its refunds, transfers and reversals (issue 33): reconcile compares the
-- ledger with it as it compares it with Stripe's lists. Backfilled from the ledger, which was its record until now.
CREATE TABLE "local_payment_records" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"parent_ref" text,
	"our_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "local_payment_records_created_idx" ON "local_payment_records" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "local_payment_records" ("id", "kind", "amount_pence", "parent_ref", "our_ref", "created_at")
SELECT l.provider_ref, 'refund', sum(l.amount_pence)::int, min(o.payment_reference), min(l.refund_id::text), min(l.created_at)
FROM "ledger_entries" l LEFT JOIN "orders" o ON o.id = l.order_id
WHERE l.kind IN ('ticket_refund', 'fee_refund') AND l.provider_ref LIKE 're\_local\_%'
GROUP BY l.provider_ref
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "local_payment_records" ("id", "kind", "amount_pence", "parent_ref", "our_ref", "created_at")
SELECT l.provider_ref, 'transfer', l.amount_pence, NULL, l.payout_id::text, l.created_at
FROM "ledger_entries" l
WHERE l.kind = 'transfer' AND l.provider_ref LIKE 'tr\_local\_%'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "local_payment_records" ("id", "kind", "amount_pence", "parent_ref", "our_ref", "created_at")
SELECT l.provider_ref, 'transfer_reversal', l.amount_pence, p.provider_transfer_id, l.payout_id::text, l.created_at
FROM "ledger_entries" l LEFT JOIN "payouts" p ON p.id = l.payout_id
WHERE l.kind = 'transfer_reversal' AND l.provider_ref LIKE 'trr\_local\_%'
ON CONFLICT DO NOTHING;
