CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Search's vocabulary (decision 029). A misspelt or partial word is looked up here by trigram word
-- similarity, and the words found join the full-text query, which events' GIN index then serves. It
-- replaces trigram matching over each event's whole text (search_text), whose cost grew with every event
-- that shared a trigram with the search.
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "events_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "search_text";--> statement-breakpoint
-- The words of the fields search_vector is made of ('simple': lower-cased, not stemmed, stop words kept).
CREATE FUNCTION search_words_of(title text, venue text, location text, description text) RETURNS SETOF text AS $$
  SELECT unnest(tsvector_to_array(to_tsvector('simple',
    coalesce(title, '') || ' ' || coalesce(venue, '') || ' ' || coalesce(location, '') || ' ' || coalesce(description, ''))))
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;--> statement-breakpoint
-- New words of the events a statement wrote. In word order, so two writers adding the same new words
-- wait for each other in the same order instead of deadlocking.
CREATE FUNCTION search_words_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM written, search_words_of(written.title, written.venue, written.location, written.description) w
  ORDER BY w
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER search_words_on_insert AFTER INSERT ON events REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
CREATE TRIGGER search_words_on_update AFTER UPDATE ON events REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
-- Every event's words (the backfill, and after a bulk load that skipped the triggers).
CREATE FUNCTION search_words_refresh() RETURNS void AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM events, search_words_of(events.title, events.venue, events.location, events.description) w
  ORDER BY w
  ON CONFLICT (word) DO NOTHING
$$ LANGUAGE sql;--> statement-breakpoint
SELECT search_words_refresh();--> statement-breakpoint
-- The full-text query of a search's words that may be partial or misspelt: every word (AND) matches one
-- of the (at most 32) most similar words of the vocabulary (OR), by pg_trgm's word similarity (`<%`,
-- pg_trgm.word_similarity_threshold), each stemmed as search_vector is. NULL when a word matches none.
CREATE FUNCTION search_words_query(words text[]) RETURNS tsquery AS $$
DECLARE
  result tsquery;
  alternatives text;
  needle text;
BEGIN
  FOREACH needle IN ARRAY coalesce(words, '{}') LOOP
    SELECT string_agg('(' || found.query::text || ')', ' | ') INTO alternatives
    FROM (
      SELECT plainto_tsquery('english', v.word) AS query
      FROM search_words v
      WHERE needle <% v.word
      ORDER BY word_similarity(needle, v.word) DESC, v.word
      LIMIT 32
    ) found
    WHERE numnode(found.query) > 0;
    IF alternatives IS NULL THEN
      RETURN NULL;
    END IF;
    result := CASE WHEN result IS NULL THEN alternatives::tsquery ELSE result && alternatives::tsquery END;
  END LOOP;
  RETURN result;
END
$$ LANGUAGE plpgsql STABLE PARALLEL SAFE;
