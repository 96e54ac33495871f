ALTER TABLE "profiles" ADD COLUMN "seller_kind" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "company_number" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "vat_treatment" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_seller_kind" CHECK ("profiles"."seller_kind" in ('business', 'individual'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_vat_treatment" CHECK ("profiles"."vat_treatment" in ('standard', 'reduced', 'zero', 'exempt', 'not-registered'));--> statement-breakpoint
UPDATE "profiles" SET "vat_treatment" = 'standard' WHERE "vat_number" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "order_sellers" ADD COLUMN "seller_kind" text;--> statement-breakpoint
ALTER TABLE "order_sellers" ADD COLUMN "company_number" text;--> statement-breakpoint
ALTER TABLE "order_sellers" ADD COLUMN "vat_treatment" text;--> statement-breakpoint
UPDATE "order_sellers" SET "vat_treatment" = 'standard' WHERE "vat_number" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "min_age" integer;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_min_age" CHECK ("events"."min_age" in (14, 16, 18, 21));
