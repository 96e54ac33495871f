-- Trigram matching (partial words and typos: jaz, brixtn) over the names a visitor types: title, venue and
-- location. Descriptions stay in the full-text document (search_vector, weight C). Fuzzy matching of
-- descriptions matched every event that mentions a word in passing, and at 100,000 events the recheck of
-- their long text was most of a search's cost (decision 029).
ALTER TABLE "events" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_text" text GENERATED ALWAYS AS (
  lower(coalesce("title", '') || ' ' || coalesce("venue", '') || ' ' || coalesce("location", ''))
) STORED;--> statement-breakpoint
CREATE INDEX "events_search_text_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);
