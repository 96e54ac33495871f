ALTER TABLE "refunds" DROP CONSTRAINT "refunds_provider_refund_id_unique";--> statement-breakpoint
CREATE INDEX "orders_payment_reference_idx" ON "orders" USING btree ("payment_reference");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_provider_refund_booking_key" UNIQUE NULLS NOT DISTINCT("provider_refund_id","booking_id");