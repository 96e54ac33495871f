-- Receipts numbered 1, 2, 3… in the platform's series (issue 34), and the platform's details as they were when
-- each receipt was made, so a later change of COMPANY_* configuration changes no old receipt.
ALTER TABLE "orders" ADD COLUMN "receipt_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_company_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_vat_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_receipt_number_unique" UNIQUE("receipt_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_receipt_issuer" CHECK ("orders"."receipt_number" is null or ("orders"."platform_name" is not null and "orders"."platform_company_number" is not null and "orders"."platform_address" is not null));--> statement-breakpoint
-- Backfill: every confirmed paid order in the order it was paid. Their receipts named the platform from BRAND
-- (no VAT number), which is what they record.
UPDATE "orders" SET "receipt_number" = "numbered"."n", "platform_name" = 'Eventora Ltd', "platform_company_number" = '14820377', "platform_address" = '71-75 Shelton Street, Covent Garden, London WC2H 9JQ'
FROM (SELECT "id", row_number() OVER (ORDER BY "paid_at", "id") AS "n" FROM "orders" WHERE "status" = 'confirmed' AND "paid_at" IS NOT NULL AND "total_pence" > 0) AS "numbered"
WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "document_sequences" ("issuer", "series", "last_number")
SELECT 'platform', 'receipt', max("receipt_number") FROM "orders" HAVING max("receipt_number") IS NOT NULL
ON CONFLICT ("issuer", "series") DO UPDATE SET "last_number" = excluded."last_number";--> statement-breakpoint
-- Full VAT invoices for orders over £250 (issue 34): one per VAT-registered issuer of the order (each seller in
-- their own series, the platform for its booking fee), written once when the buyer asks and never edited.
CREATE TABLE "vat_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"seller_name" text NOT NULL,
	"seller_address" text,
	"seller_vat_number" text NOT NULL,
	"seller_company_number" text,
	"buyer_name" text NOT NULL,
	"buyer_address" text NOT NULL,
	"lines" jsonb NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"gross_pence" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_invoices_issuer_series_number_unique" UNIQUE("issuer","series","number"),
	CONSTRAINT "vat_invoices_order_id_issuer_unique" UNIQUE("order_id","issuer"),
	CONSTRAINT "vat_invoices_adds_up" CHECK ("vat_invoices"."net_pence" + "vat_invoices"."vat_pence" = "vat_invoices"."gross_pence")
);--> statement-breakpoint
ALTER TABLE "vat_invoices" ADD CONSTRAINT "vat_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;
