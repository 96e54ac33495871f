CREATE TABLE "ticket_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_name" text NOT NULL,
	"from_email" text,
	"to_name" text NOT NULL,
	"to_email" text,
	"old_code" text NOT NULL,
	"new_code" text NOT NULL,
	"changed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_changes_kind" CHECK ("ticket_changes"."kind" in ('transfer', 'rename'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfer_cutoff_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_changes" ADD CONSTRAINT "ticket_changes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_changes" ADD CONSTRAINT "ticket_changes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_changes_ticket_idx" ON "ticket_changes" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_changes_event_old_code_idx" ON "ticket_changes" USING btree ("event_id","old_code");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_changes_old_code_idx" ON "ticket_changes" USING btree ("old_code") WHERE "ticket_changes"."kind" = 'transfer';