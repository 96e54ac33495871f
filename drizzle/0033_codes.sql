-- Discount and access codes (issue 37, decision D25): an organiser's codes, and each order line's code and discount per ticket;
-- a code's uses are counted from order lines (held and confirmed), never stored.
CREATE TABLE "codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" text NOT NULL,
	"event_id" uuid,
	"code" text NOT NULL,
	"effect" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"ticket_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"max_per_buyer" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "codes_effect" CHECK ("codes"."effect" in ('percent', 'amount', 'set_price', 'none')),
	CONSTRAINT "codes_value" CHECK (("codes"."effect" = 'percent' and "codes"."value" between 1 and 100) or ("codes"."effect" = 'amount' and "codes"."value" >= 1) or ("codes"."effect" = 'set_price' and "codes"."value" >= 0) or ("codes"."effect" = 'none' and "codes"."value" = 0)),
	CONSTRAINT "codes_limits" CHECK (("codes"."max_uses" is null or "codes"."max_uses" >= 1) and ("codes"."max_per_buyer" is null or "codes"."max_per_buyer" >= 1)),
	CONSTRAINT "codes_window" CHECK ("codes"."valid_from" is null or "codes"."valid_until" is null or "codes"."valid_until" > "codes"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "code_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_per_ticket_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "codes" ADD CONSTRAINT "codes_organiser_id_user_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codes" ADD CONSTRAINT "codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "codes_organiser_code_idx" ON "codes" USING btree ("organiser_id",lower("code"));--> statement-breakpoint
CREATE INDEX "codes_event_idx" ON "codes" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_code_id_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_code_idx" ON "order_lines" USING btree ("code_id") WHERE "order_lines"."code_id" is not null;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_discount" CHECK ("order_lines"."discount_per_ticket_pence" >= 0 and ("order_lines"."code_id" is not null or "order_lines"."discount_per_ticket_pence" = 0));