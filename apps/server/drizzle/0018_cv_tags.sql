DROP INDEX "candidate_files_text_search_idx";--> statement-breakpoint
ALTER TABLE "candidate_files" ADD COLUMN "candidate_tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- The files' copy of their candidate's tags (decision 185): filled once here, then kept by the triggers below.
UPDATE "candidate_files" f SET "candidate_tag_ids" = c."tag_ids" FROM "candidates" c WHERE c."id" = f."candidate_id" AND c."tag_ids" <> '{}';--> statement-breakpoint
CREATE INDEX "candidate_files_text_tags_idx" ON "candidate_files" USING gin ("licence_id","text_search","candidate_tag_ids");--> statement-breakpoint
CREATE FUNCTION "vivier_candidate_file_tags"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A file written takes its candidate's tags.
  NEW.candidate_tag_ids := coalesce((SELECT c.tag_ids FROM candidates c WHERE c.id = NEW.candidate_id), '{}');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "candidate_files_tags" BEFORE INSERT OR UPDATE OF "candidate_id" ON "candidate_files"
  FOR EACH ROW EXECUTE FUNCTION "vivier_candidate_file_tags"();--> statement-breakpoint
CREATE FUNCTION "vivier_candidate_tags_to_files"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A change of a candidate's tags reaches its files, in the same statement's transaction.
  UPDATE candidate_files SET candidate_tag_ids = NEW.tag_ids WHERE candidate_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "candidates_tags_to_files" AFTER UPDATE OF "tag_ids" ON "candidates"
  FOR EACH ROW WHEN (OLD.tag_ids IS DISTINCT FROM NEW.tag_ids) EXECUTE FUNCTION "vivier_candidate_tags_to_files"();
