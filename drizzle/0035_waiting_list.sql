CREATE TABLE "waiting_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_entries_status" CHECK ("waiting_list_entries"."status" in ('waiting', 'offered', 'bought', 'left', 'lapsed', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "waiting_list_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid,
	"token" text NOT NULL,
	"sender" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"taken_order_id" uuid,
	"email_sent_at" timestamp with time zone,
	CONSTRAINT "waiting_list_offers_token_unique" UNIQUE("token"),
	CONSTRAINT "waiting_list_offers_status" CHECK ("waiting_list_offers"."status" in ('open', 'taken', 'lapsed', 'declined', 'withdrawn')),
	CONSTRAINT "waiting_list_offers_sender" CHECK ("waiting_list_offers"."sender" in ('auto', 'organiser'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waiting_list_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waiting_offer_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "waiting_offer_id" uuid;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_entry_id_waiting_list_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waiting_list_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_taken_order_id_orders_id_fk" FOREIGN KEY ("taken_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_entries_live_idx" ON "waiting_list_entries" USING btree ("user_id","event_id",coalesce("ticket_type_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "waiting_list_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_list_entries_event_idx" ON "waiting_list_entries" USING btree ("event_id","created_at") WHERE "waiting_list_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_list_entries_user_idx" ON "waiting_list_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "waiting_list_offers_open_idx" ON "waiting_list_offers" USING btree ("event_id") WHERE "waiting_list_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "waiting_list_offers_entry_idx" ON "waiting_list_offers" USING btree ("entry_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_waiting_offer_id_waiting_list_offers_id_fk" FOREIGN KEY ("waiting_offer_id") REFERENCES "public"."waiting_list_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_waiting_offer_idx" ON "order_lines" USING btree ("waiting_offer_id") WHERE "order_lines"."waiting_offer_id" is not null;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_waiting_offer_hours" CHECK ("events"."waiting_offer_hours" between 1 and 168);