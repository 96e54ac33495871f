CREATE TABLE "check_in_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"ticket_type_ids" uuid[],
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"allow_multiple_entries" boolean DEFAULT false NOT NULL,
	"allow_reentry" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_lists_window" CHECK ("check_in_lists"."opens_at" is null or "check_in_lists"."closes_at" is null or "check_in_lists"."opens_at" < "check_in_lists"."closes_at"),
	CONSTRAINT "check_in_lists_default_every_type" CHECK (not "check_in_lists"."is_default" or "check_in_lists"."ticket_type_ids" is null)
);
--> statement-breakpoint
CREATE TABLE "door_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" text NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"email" text,
	"user_id" text,
	"token_hash" text NOT NULL,
	"pin_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "door_access_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "door_access_kind" CHECK ("door_access"."kind" in ('staff', 'link')),
	CONSTRAINT "door_access_staff_email" CHECK ("door_access"."kind" <> 'staff' or "door_access"."email" is not null),
	CONSTRAINT "door_access_link_no_user" CHECK ("door_access"."kind" <> 'link' or ("door_access"."user_id" is null and "door_access"."email" is null))
);
--> statement-breakpoint
CREATE TABLE "door_access_events" (
	"door_access_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	CONSTRAINT "door_access_events_door_access_id_event_id_pk" PRIMARY KEY("door_access_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid,
	"ticket_id" uuid,
	"scanned_code" text,
	"list_id" uuid,
	"direction" text DEFAULT 'in' NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"confirmed" boolean DEFAULT false NOT NULL,
	"user_id" text,
	"door_access_id" uuid,
	"by_label" text NOT NULL,
	"device_id" text,
	"nonce" text,
	"offline" boolean DEFAULT false NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scans_direction" CHECK ("scans"."direction" in ('in', 'out')),
	CONSTRAINT "scans_result" CHECK ("scans"."result" in ('admitted', 'exited', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "door_opens_minutes_before" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "checked_in_by" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "checked_in_list_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "last_move" text;--> statement-breakpoint
ALTER TABLE "check_in_lists" ADD CONSTRAINT "check_in_lists_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_access" ADD CONSTRAINT "door_access_organiser_id_user_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_access" ADD CONSTRAINT "door_access_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_access_events" ADD CONSTRAINT "door_access_events_door_access_id_door_access_id_fk" FOREIGN KEY ("door_access_id") REFERENCES "public"."door_access"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_access_events" ADD CONSTRAINT "door_access_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_list_id_check_in_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_door_access_id_door_access_id_fk" FOREIGN KEY ("door_access_id") REFERENCES "public"."door_access"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_lists_default_idx" ON "check_in_lists" USING btree ("event_id") WHERE "check_in_lists"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_lists_name_idx" ON "check_in_lists" USING btree ("event_id","name");--> statement-breakpoint
CREATE INDEX "door_access_organiser_idx" ON "door_access" USING btree ("organiser_id");--> statement-breakpoint
CREATE INDEX "door_access_user_idx" ON "door_access" USING btree ("user_id") WHERE "door_access"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "door_access_events_event_idx" ON "door_access_events" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scans_device_nonce_idx" ON "scans" USING btree ("device_id","nonce");--> statement-breakpoint
CREATE INDEX "scans_event_idx" ON "scans" USING btree ("event_id","received_at");--> statement-breakpoint
CREATE INDEX "scans_ticket_idx" ON "scans" USING btree ("ticket_id","scanned_at");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_checked_in_list_id_check_in_lists_id_fk" FOREIGN KEY ("checked_in_list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_last_move" CHECK ("tickets"."last_move" in ('in', 'out'));
--> statement-breakpoint
-- Every event has its default check-in list (every type): made with the event, and made now for the events there are.
CREATE FUNCTION make_default_check_in_list() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO check_in_lists (event_id, name, is_default) VALUES (NEW.id, 'All tickets', true);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER events_default_check_in_list AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION make_default_check_in_list();--> statement-breakpoint
INSERT INTO check_in_lists (event_id, name, is_default) SELECT id, 'All tickets', true FROM events;
