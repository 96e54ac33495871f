-- Search (issue 21): full-text with ranking plus pg_trgm for partial words and typos, served by GIN indexes.
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner without superuser can create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Weighted document: title A, venue and location B, description C. The 'english' configuration on
-- both sides (document and query) stems alike, so place names match whatever the stemmer makes of them.
ALTER TABLE "events" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce("title", '')), 'A') ||
  setweight(to_tsvector('english', coalesce("venue", '') || ' ' || coalesce("location", '')), 'B') ||
  setweight(to_tsvector('english', coalesce("description", '')), 'C')
) STORED;--> statement-breakpoint
-- One lower-cased text of the searchable fields, for trigram word similarity (jaz, brixtn).
ALTER TABLE "events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (
  lower(coalesce("title", '') || ' ' || coalesce("venue", '') || ' ' || coalesce("location", '') || ' ' || coalesce("description", ''))
) STORED;--> statement-breakpoint
CREATE INDEX "events_search_vector_idx" ON "events" USING gin ("search_vector") WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "events_search_text_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
-- Listing sorts: by title, and by the all-in price (the expression of allInPriceSql, fee inlined).
CREATE INDEX "events_active_title_idx" ON "events" USING btree (lower("title"), "id") WHERE "status" = 'active';--> statement-breakpoint
CREATE INDEX "events_all_in_price_idx" ON "events" USING btree (("price_pence" + CASE WHEN "price_pence" > 0 AND NOT "absorbs_booking_fee" THEN 230 ELSE 0 END), "date_time", "id") WHERE "status" = 'active';--> statement-breakpoint
-- Places taken, set-based over a page of events (placesTakenByEvent): index-only reads.
CREATE INDEX "bookings_confirmed_event_qty_idx" ON "bookings" USING btree ("event_id") INCLUDE ("ticket_quantity") WHERE "status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "order_lines_event_qty_idx" ON "order_lines" USING btree ("event_id") INCLUDE ("order_id", "quantity");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("id") INCLUDE ("expires_at") WHERE "status" = 'pending';
