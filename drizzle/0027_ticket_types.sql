CREATE TABLE "ticket_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_pence" integer NOT NULL,
	"capacity" integer,
	"sales_start" timestamp with time zone,
	"sales_end" timestamp with time zone,
	"min_per_order" integer DEFAULT 1 NOT NULL,
	"max_per_order" integer,
	"position" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_types_price" CHECK ("ticket_types"."price_pence" >= 0),
	CONSTRAINT "ticket_types_capacity" CHECK ("ticket_types"."capacity" is null or "ticket_types"."capacity" >= 1),
	CONSTRAINT "ticket_types_per_order" CHECK ("ticket_types"."min_per_order" >= 1 and ("ticket_types"."max_per_order" is null or "ticket_types"."max_per_order" >= "ticket_types"."min_per_order")),
	CONSTRAINT "ticket_types_sales_window" CHECK ("ticket_types"."sales_start" is null or "ticket_types"."sales_end" is null or "ticket_types"."sales_end" > "ticket_types"."sales_start")
);
--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "several_prices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Every event sold one price until now (issue 36): it gets one type at that price, under the event's capacity,
-- and everything already sold or held is of that type. The codes and QRs already sent are unchanged.
INSERT INTO "ticket_types" ("event_id", "name", "price_pence", "position", "created_at")
  SELECT "id", 'General Admission', "price_pence", 0, "created_at" FROM "events";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ticket_type_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "ticket_type_id" uuid;--> statement-breakpoint
UPDATE "bookings" SET "ticket_type_id" = "ticket_types"."id" FROM "ticket_types" WHERE "ticket_types"."event_id" = "bookings"."event_id";--> statement-breakpoint
UPDATE "order_lines" SET "ticket_type_id" = "ticket_types"."id" FROM "ticket_types" WHERE "ticket_types"."event_id" = "order_lines"."event_id";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "ticket_type_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "ticket_type_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "ticket_types_event_idx" ON "ticket_types" USING btree ("event_id","position");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_type_status_idx" ON "bookings" USING btree ("ticket_type_id","status","ticket_quantity");--> statement-breakpoint
-- A type's live holds, read from the index alone as order_lines_held_idx serves the event's (migration 0016).
CREATE INDEX "order_lines_type_held_idx" ON "order_lines" USING btree ("ticket_type_id", "held_until") INCLUDE ("quantity", "order_id") WHERE "held_until" IS NOT NULL;
