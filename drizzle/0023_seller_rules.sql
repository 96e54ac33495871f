ALTER TABLE "order_sellers" DROP CONSTRAINT "order_sellers_vat_treatment";--> statement-breakpoint
ALTER TABLE "order_sellers" ADD CONSTRAINT "order_sellers_vat_treatment" CHECK ("order_sellers"."vat_rate_basis_points" is null or "order_sellers"."vat_number" is not null);--> statement-breakpoint
ALTER TABLE "order_sellers" ADD CONSTRAINT "order_sellers_vat_treatment_value" CHECK ("order_sellers"."vat_treatment" in ('standard', 'reduced', 'zero', 'exempt', 'not-registered'));--> statement-breakpoint
ALTER TABLE "order_sellers" ADD CONSTRAINT "order_sellers_seller_kind" CHECK ("order_sellers"."seller_kind" in ('business', 'individual'));
