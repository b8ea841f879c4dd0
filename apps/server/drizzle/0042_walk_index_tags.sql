-- A text search with a tag expression walks candidates_walk_idx too (decision 227): with the tags in the index
-- the walk and the probe never read the table, where they read every candidate walked for its tags (~16,000
-- rows for a common last name's page past the cap at 1M candidates). An array has no bound of its own either,
-- so the index keeps the rows whose text is up to 2,000 bytes and who hold up to 100 tags (2,000 + 400 bytes, under
-- a B-tree entry's ~2,700), and the rare others are in an index of their own; the search reads both.
DROP INDEX IF EXISTS "candidates_walk_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "candidates_long_text_idx";--> statement-breakpoint
CREATE INDEX "candidates_walk_idx" ON "candidates" USING btree ("licence_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("erased_at","search_text","tag_ids") WHERE (octet_length("search_text") <= 2000 AND cardinality("tag_ids") <= 100);--> statement-breakpoint
CREATE INDEX "candidates_walk_large_idx" ON "candidates" USING btree ("licence_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE (octet_length("search_text") > 2000 OR cardinality("tag_ids") > 100);
