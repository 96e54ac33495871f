CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"attendee_name" text NOT NULL,
	"attendee_email" text,
	"status" text DEFAULT 'valid' NOT NULL,
	"refund_id" uuid,
	"checked_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_code_unique" UNIQUE("code"),
	CONSTRAINT "tickets_status" CHECK ("tickets"."status" in ('valid', 'refunded')),
	CONSTRAINT "tickets_position" CHECK ("tickets"."position" >= 1)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "attendees" jsonb;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_booking_position_idx" ON "tickets" USING btree ("booking_id","position");--> statement-breakpoint
CREATE INDEX "tickets_event_status_idx" ON "tickets" USING btree ("event_id","status","checked_in_at");--> statement-breakpoint
-- One ticket per attendee (issue 36, docs/decisions/041). A ticket's code as the domain makes it (newTicketCode in
-- src/domain/tickets.ts: TCKT-, the year, 8 upper-case hex digits); tickets.sql.test.ts holds the two equal.
CREATE FUNCTION new_ticket_code(made_at timestamptz) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT 'TCKT-' || to_char(made_at AT TIME ZONE 'UTC', 'YYYY') || '-' || upper(substr(md5(gen_random_uuid()::text), 1, 8))
$$;
--> statement-breakpoint
-- Issues the tickets of these bookings: one per place bought (valid ones first, then those already refunded),
-- ticket 1 under the booking's own code (the QR already sent names it), each named as its order line's
-- attendees say, else after the booking. A drawn code that meets another ticket's is drawn again; ticket 1's
-- meeting one fails as a booking's own code would.
CREATE FUNCTION issue_tickets(booking_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  added integer;
BEGIN
  INSERT INTO tickets (booking_id, event_id, ticket_type_id, position, code, attendee_name, attendee_email, status, checked_in_at, created_at)
  SELECT b.id, b.event_id, b.ticket_type_id, 1, b.ticket_code,
         coalesce(nullif(btrim(ol.attendees -> 0 ->> 'name'), ''), b.attendee_name),
         nullif(btrim(ol.attendees -> 0 ->> 'email'), ''),
         CASE WHEN b.ticket_quantity >= 1 THEN 'valid' ELSE 'refunded' END,
         CASE WHEN b.ticket_quantity >= 1 THEN b.checked_in_at END,
         b.created_at
  FROM bookings b LEFT JOIN order_lines ol ON ol.id = b.order_line_id
  WHERE b.id = ANY(booking_ids) AND b.ticket_quantity + b.refunded_quantity >= 1;
  LOOP
    INSERT INTO tickets (booking_id, event_id, ticket_type_id, position, code, attendee_name, attendee_email, status, checked_in_at, created_at)
    SELECT b.id, b.event_id, b.ticket_type_id, n, new_ticket_code(b.created_at),
           coalesce(nullif(btrim(ol.attendees -> (n - 1) ->> 'name'), ''), b.attendee_name),
           nullif(btrim(ol.attendees -> (n - 1) ->> 'email'), ''),
           CASE WHEN n <= b.ticket_quantity THEN 'valid' ELSE 'refunded' END,
           CASE WHEN n <= b.ticket_quantity THEN b.checked_in_at END,
           b.created_at
    FROM bookings b
    LEFT JOIN order_lines ol ON ol.id = b.order_line_id
    CROSS JOIN LATERAL generate_series(2, b.ticket_quantity + b.refunded_quantity) AS n
    WHERE b.id = ANY(booking_ids)
      AND NOT EXISTS (SELECT 1 FROM tickets k WHERE k.booking_id = b.id AND k.position = n)
    ON CONFLICT (code) DO NOTHING;
    GET DIAGNOSTICS added = ROW_COUNT;
    EXIT WHEN added = 0;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE FUNCTION issue_booking_tickets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM issue_tickets(array(SELECT id FROM new_bookings));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_issue_tickets AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_bookings FOR EACH STATEMENT EXECUTE FUNCTION issue_booking_tickets();
--> statement-breakpoint
-- Every booking sold before tickets were records gets its tickets: a booking of N tickets becomes N, the first
-- under the code its QR carries (a signed QR of more than one ticket still admits them together: decision 041).
SELECT issue_tickets(array(SELECT id FROM bookings));
