-- Each seller of a confirmed order as they were when it was paid (issue 33): the receipt reads these, never
-- today's profile. organiser_id has no foreign key, so the record outlives the account.
CREATE TABLE "order_sellers" (
	"order_id" uuid NOT NULL,
	"organiser_id" text NOT NULL,
	"event_ids" uuid[] NOT NULL,
	"name" text NOT NULL,
	"business_name" text,
	"display_name" text,
	"address" text,
	"vat_number" text,
	"vat_rate_basis_points" integer,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_sellers_order_id_organiser_id_pk" PRIMARY KEY("order_id","organiser_id"),
	CONSTRAINT "order_sellers_vat_treatment" CHECK (("order_sellers"."vat_number" is null) = ("order_sellers"."vat_rate_basis_points" is null))
);--> statement-breakpoint
ALTER TABLE "order_sellers" ADD CONSTRAINT "order_sellers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill: orders confirmed before this migration never had their sellers recorded, so they get them from the
-- profiles as they are now (the best record there is; captured_at says when). A profile changed between such an
-- order's payment and this migration is not recoverable. Same rule as captureOrderSellers (features/receipts/order-sellers.ts),
-- VAT-registered sellers at the standard rate (20%).
INSERT INTO "order_sellers" ("order_id", "organiser_id", "event_ids", "name", "business_name", "display_name", "address", "vat_number", "vat_rate_basis_points")
SELECT "order_lines"."order_id", "events"."user_id", array_agg(DISTINCT "events"."id"),
	coalesce("profiles"."business_name", "profiles"."display_name", "user"."name"),
	"profiles"."business_name", "profiles"."display_name", "profiles"."business_address", "profiles"."vat_number",
	CASE WHEN "profiles"."vat_number" IS NOT NULL THEN 2000 END
FROM "order_lines"
JOIN "orders" ON "orders"."id" = "order_lines"."order_id"
JOIN "events" ON "events"."id" = "order_lines"."event_id"
JOIN "user" ON "user"."id" = "events"."user_id"
LEFT JOIN "profiles" ON "profiles"."user_id" = "events"."user_id"
WHERE "orders"."status" = 'confirmed'
GROUP BY "order_lines"."order_id", "events"."user_id", "user"."name", "profiles"."business_name", "profiles"."display_name", "profiles"."business_address", "profiles"."vat_number"
ON CONFLICT DO NOTHING;
