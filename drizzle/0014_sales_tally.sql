CREATE TABLE "sales_tally_days" (
	"event_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "sales_tally_days_event_id_day_kind_pk" PRIMARY KEY("event_id","day","kind")
);
--> statement-breakpoint
CREATE TABLE "sales_tally_moves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_tally_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_tally_days" ADD CONSTRAINT "sales_tally_days_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_tally_moves" ADD CONSTRAINT "sales_tally_moves_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_tally_moves_event_idx" ON "sales_tally_moves" USING btree ("event_id","day");--> statement-breakpoint
-- The sales tally (decision 030). What the tally must hold, worked out from scratch: valid tickets and
-- confirmed bookings per event and UK sale day, and every ledger line of an event by the UK day its
-- booking was sold (-infinity for a line with no booking: a transfer). The one statement of the rule:
-- the triggers below apply it change by change, sales_tally_rebuild() and the reconcile use it whole.
CREATE VIEW "sales_tally_expected" AS
  SELECT event_id, (created_at AT TIME ZONE 'Europe/London')::date AS day, 'tickets'::text AS kind, sum(ticket_quantity)::bigint AS amount
    FROM bookings WHERE status = 'confirmed' GROUP BY 1, 2
  UNION ALL
  SELECT event_id, (created_at AT TIME ZONE 'Europe/London')::date, 'bookings', count(*)::bigint
    FROM bookings WHERE status = 'confirmed' GROUP BY 1, 2
  UNION ALL
  SELECT l.event_id, coalesce((b.created_at AT TIME ZONE 'Europe/London')::date, '-infinity'::date), l.kind, sum(l.amount_pence)::bigint
    FROM ledger_entries l LEFT JOIN bookings b ON b.id = l.booking_id WHERE l.event_id IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
-- A booking counts while it is confirmed: each change appends what it takes away and what it adds.
-- Fired only by the columns that matter, so a check-in or a ticket e-mail's bookkeeping appends nothing.
CREATE FUNCTION sales_tally_booking_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status AND OLD.ticket_quantity = NEW.ticket_quantity
     AND OLD.event_id = NEW.event_id AND OLD.created_at = NEW.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'confirmed' THEN
    INSERT INTO sales_tally_moves (event_id, day, kind, amount) VALUES
      (OLD.event_id, (OLD.created_at AT TIME ZONE 'Europe/London')::date, 'tickets', -OLD.ticket_quantity),
      (OLD.event_id, (OLD.created_at AT TIME ZONE 'Europe/London')::date, 'bookings', -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'confirmed' THEN
    INSERT INTO sales_tally_moves (event_id, day, kind, amount) VALUES
      (NEW.event_id, (NEW.created_at AT TIME ZONE 'Europe/London')::date, 'tickets', NEW.ticket_quantity),
      (NEW.event_id, (NEW.created_at AT TIME ZONE 'Europe/London')::date, 'bookings', 1);
  END IF;
  -- A sale time changed by hand moves the booking's ledger lines to their new day.
  IF TG_OP = 'UPDATE' AND (OLD.created_at AT TIME ZONE 'Europe/London')::date <> (NEW.created_at AT TIME ZONE 'Europe/London')::date THEN
    INSERT INTO sales_tally_moves (event_id, day, kind, amount)
    SELECT l.event_id, moved.day, l.kind, moved.sign * l.amount_pence
    FROM ledger_entries l,
         (VALUES ((OLD.created_at AT TIME ZONE 'Europe/London')::date, -1), ((NEW.created_at AT TIME ZONE 'Europe/London')::date, 1)) AS moved(day, sign)
    WHERE l.booking_id = NEW.id AND l.event_id IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bookings_sales_tally AFTER INSERT OR DELETE OR UPDATE OF status, ticket_quantity, event_id, created_at ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION sales_tally_booking_change();
--> statement-breakpoint
-- Each line of an event is added to the tally under its booking's sale day. The ledger is append-only,
-- but a line corrected or removed by hand (an operator, a test) takes its old amount back out, so the
-- tally never disagrees with the ledger it comes from. (An AFTER trigger runs once its statement is done,
-- so a booking written in the same statement is seen.)
CREATE FUNCTION sales_tally_ledger_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.event_id IS NOT NULL THEN
    INSERT INTO sales_tally_moves (event_id, day, kind, amount)
    VALUES (
      OLD.event_id,
      coalesce((SELECT (b.created_at AT TIME ZONE 'Europe/London')::date FROM bookings b WHERE b.id = OLD.booking_id), '-infinity'::date),
      OLD.kind,
      -OLD.amount_pence
    );
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.event_id IS NOT NULL THEN
    INSERT INTO sales_tally_moves (event_id, day, kind, amount)
    VALUES (
      NEW.event_id,
      coalesce((SELECT (b.created_at AT TIME ZONE 'Europe/London')::date FROM bookings b WHERE b.id = NEW.booking_id), '-infinity'::date),
      NEW.kind,
      NEW.amount_pence
    );
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_sales_tally AFTER INSERT OR UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION sales_tally_ledger_change();
--> statement-breakpoint
-- The whole tally worked out again (this migration; a bulk load that bypassed the triggers). The lock
-- waits for writers under way and holds new ones back until the rebuild commits, so none is lost.
CREATE FUNCTION sales_tally_rebuild() RETURNS void AS $$
BEGIN
  LOCK TABLE sales_tally_moves, sales_tally_days IN EXCLUSIVE MODE;
  DELETE FROM sales_tally_moves;
  DELETE FROM sales_tally_days;
  INSERT INTO sales_tally_days (event_id, day, kind, amount) SELECT event_id, day, kind, amount FROM sales_tally_expected;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT sales_tally_rebuild();
