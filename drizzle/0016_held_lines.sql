ALTER TABLE "order_lines" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
-- A hold's places, counted from its event's own order lines (docs/decisions/031). Counting live holds by
-- joining orders made the planner's choice decide the cost: with statistics from before an on-sale rush
-- (a new event, few pending orders when last analysed) it read every line of the event once per pending
-- order in the whole database, under the event's lock, so each hold of a rush cost more than the last.
-- held_until mirrors the order (its expires_at while pending, else null), so a count reads only the live
-- lines of one event, from one partial index, whatever the statistics say.
UPDATE "order_lines" SET "held_until" = o."expires_at" FROM "orders" o WHERE o."id" = "order_lines"."order_id" AND o."status" = 'pending';--> statement-breakpoint
CREATE INDEX "order_lines_held_idx" ON "order_lines" USING btree ("event_id", "held_until") INCLUDE ("quantity", "order_id") WHERE "held_until" IS NOT NULL;--> statement-breakpoint
-- A line added to an order already written takes the order's hold.
CREATE FUNCTION order_lines_take_hold() RETURNS trigger AS $$
BEGIN
  SELECT CASE WHEN o.status = 'pending' THEN o.expires_at END INTO NEW.held_until FROM orders o WHERE o.id = NEW.order_id;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER order_lines_take_hold BEFORE INSERT ON "order_lines" FOR EACH ROW EXECUTE FUNCTION order_lines_take_hold();--> statement-breakpoint
-- An order written, paid, expired, cancelled or extended passes its hold to its lines. An AFTER trigger
-- sees every change of its statement, so the lines a checkout writes in the same statement as its order
-- (one statement with CTEs) are found here.
CREATE FUNCTION orders_pass_hold() RETURNS trigger AS $$
DECLARE
  held timestamptz := CASE WHEN NEW.status = 'pending' THEN NEW.expires_at END;
BEGIN
  UPDATE order_lines SET held_until = held WHERE order_id = NEW.id AND held_until IS DISTINCT FROM held;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER orders_pass_hold_on_insert AFTER INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION orders_pass_hold();--> statement-breakpoint
CREATE TRIGGER orders_pass_hold_on_update AFTER UPDATE OF status, expires_at ON "orders" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.expires_at IS DISTINCT FROM NEW.expires_at) EXECUTE FUNCTION orders_pass_hold();
