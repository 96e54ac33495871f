DROP INDEX "bookings_event_status_idx";--> statement-breakpoint
DROP INDEX "ledger_event_kind_idx";--> statement-breakpoint
CREATE INDEX "bookings_event_created_idx" ON "bookings" USING btree ("event_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_event_status_idx" ON "bookings" USING btree ("event_id","status","ticket_quantity");--> statement-breakpoint
CREATE INDEX "ledger_event_kind_idx" ON "ledger_entries" USING btree ("event_id","kind","affiliate_id","amount_pence");