CREATE TABLE "vat_credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"reason" text NOT NULL,
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
	CONSTRAINT "vat_credit_notes_issuer_series_number_unique" UNIQUE("issuer","series","number"),
	CONSTRAINT "vat_credit_notes_refund_id_invoice_id_unique" UNIQUE("refund_id","invoice_id"),
	CONSTRAINT "vat_credit_notes_adds_up" CHECK ("vat_credit_notes"."net_pence" + "vat_credit_notes"."vat_pence" = "vat_credit_notes"."gross_pence"),
	CONSTRAINT "vat_credit_notes_positive" CHECK ("vat_credit_notes"."gross_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "vat_credit_notes" ADD CONSTRAINT "vat_credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_credit_notes" ADD CONSTRAINT "vat_credit_notes_invoice_id_vat_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."vat_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_credit_notes" ADD CONSTRAINT "vat_credit_notes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vat_credit_notes_order_idx" ON "vat_credit_notes" USING btree ("order_id");