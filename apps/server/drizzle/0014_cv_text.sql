-- Search in CVs (issue 22, decision 185): words stemmed in English and in French, without their accents.
-- unaccent is a trusted extension (PostgreSQL 13+) and ships with PGlite's contrib.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION vivier_en (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION vivier_en ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION vivier_fr (COPY = french);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION vivier_fr ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;--> statement-breakpoint
ALTER TABLE "candidate_files" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "candidate_files" ADD COLUMN "text_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "candidate_files" ADD COLUMN "text_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('vivier_en'::regconfig, coalesce(text, '')) || to_tsvector('vivier_fr'::regconfig, coalesce(text, ''))) STORED;--> statement-breakpoint
CREATE INDEX "candidate_files_text_search_idx" ON "candidate_files" USING gin ("licence_id","text_search");--> statement-breakpoint
ALTER TABLE "candidate_files" ADD CONSTRAINT "candidate_files_text_state_check" CHECK ("text_state" in ('pending', 'done', 'failed'));--> statement-breakpoint
-- A CV's text (compressed to ~1.7 kB) and words (~5 kB) go to the TOAST table rather than stay in the row: the
-- search reads thousands of rows for their candidate_id through a bitmap, 40 a page instead of 4 (73 ms
-- against 15 ms for 7,000 rows at peer-150k, decision 185).
ALTER TABLE "candidate_files" SET (toast_tuple_target = 128);