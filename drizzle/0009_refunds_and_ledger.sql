CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_key" text NOT NULL,
	"kind" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"booking_id" uuid,
	"event_id" uuid,
	"refund_id" uuid,
	"affiliate_id" uuid,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_entry_key_unique" UNIQUE("entry_key"),
	CONSTRAINT "ledger_amount_positive" CHECK ("ledger_entries"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decision_note" text,
	"refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_key" text NOT NULL,
	"order_id" uuid,
	"booking_id" uuid,
	"event_id" uuid,
	"quantity" integer DEFAULT 0 NOT NULL,
	"ticket_pence" integer NOT NULL,
	"fee_pence" integer NOT NULL,
	"commission_pence" integer DEFAULT 0 NOT NULL,
	"affiliate_id" uuid,
	"source" text NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"failure" text,
	"email_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "postponed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "previous_date_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refund_window_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_booking_idx" ON "ledger_entries" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "ledger_event_kind_idx" ON "ledger_entries" USING btree ("event_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_affiliate_idx" ON "ledger_entries" USING btree ("affiliate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_open_idx" ON "refund_requests" USING btree ("booking_id") WHERE "refund_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "refund_requests_status_created_idx" ON "refund_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "refunds_event_source_idx" ON "refunds" USING btree ("event_id","source");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status");--> statement-breakpoint
-- Backfill: the money of orders confirmed or refunded before the ledger existed, so reconcile balances on an existing database.
INSERT INTO "ledger_entries" ("entry_key", "kind", "amount_pence", "order_id", "booking_id", "event_id", "provider_ref", "created_at")
SELECT 'sale:' || b.id, 'ticket_sale', ol.unit_price_pence * ol.quantity, o.id, b.id, b.event_id, coalesce(o.payment_reference, o.session_id), coalesce(o.confirmed_at, b.created_at)
FROM "bookings" b JOIN "order_lines" ol ON ol.id = b.order_line_id JOIN "orders" o ON o.id = ol.order_id
WHERE ol.unit_price_pence * ol.quantity > 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("entry_key", "kind", "amount_pence", "order_id", "booking_id", "event_id", "provider_ref", "created_at")
SELECT 'fee:' || b.id, 'booking_fee', ol.fee_per_ticket_pence * ol.quantity, o.id, b.id, b.event_id, coalesce(o.payment_reference, o.session_id), coalesce(o.confirmed_at, b.created_at)
FROM "bookings" b JOIN "order_lines" ol ON ol.id = b.order_line_id JOIN "orders" o ON o.id = ol.order_id
WHERE ol.fee_per_ticket_pence * ol.quantity > 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("entry_key", "kind", "amount_pence", "order_id", "booking_id", "event_id", "affiliate_id", "provider_ref", "created_at")
SELECT 'commission:' || b.id, 'commission', ac.amount_pence, o.id, b.id, b.event_id, ac.affiliate_id, coalesce(o.payment_reference, o.session_id), ac.created_at
FROM "affiliate_commissions" ac JOIN "bookings" b ON b.id = ac.booking_id JOIN "order_lines" ol ON ol.id = b.order_line_id JOIN "orders" o ON o.id = ol.order_id
WHERE ac.amount_pence > 0;
