-- A provider's refund is unique per booking it reached, and once for an order's remainder. The constraint
-- it replaces held NULLs equal, so refunds not yet made (no provider id) collided: only one unfulfilled
-- refund could wait at a time in the whole database, and one per booking (decision 033).
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_provider_refund_booking_key";--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_booking_key" ON "refunds" USING btree ("provider_refund_id","booking_id") WHERE "refunds"."provider_refund_id" is not null and "refunds"."booking_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_order_key" ON "refunds" USING btree ("provider_refund_id") WHERE "refunds"."provider_refund_id" is not null and "refunds"."booking_id" is null;