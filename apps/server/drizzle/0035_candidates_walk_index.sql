-- A text walk (decision 207) reads the newest candidates and checks the term on each: with the text in the
-- index, an index-only scan that never reads the table (decision 214). A B-tree entry holds about 2,700 bytes
-- and a candidate's search text has no bound of its own, so the index keeps the texts up to 2,000 bytes, and the
-- rare longer ones have an index of their own; the search reads both.
CREATE INDEX "candidates_walk_idx" ON "candidates" USING btree ("licence_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("erased_at","search_text") WHERE octet_length("search_text") <= 2000;--> statement-breakpoint
CREATE INDEX "candidates_long_text_idx" ON "candidates" USING btree ("licence_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE octet_length("search_text") > 2000;
