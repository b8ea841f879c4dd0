ALTER TABLE "job_applications" ADD COLUMN "candidate_updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "job_applications_offer_order_idx" ON "job_applications" USING btree ("licence_id","job_offer_id","candidate_updated_at" DESC NULLS LAST,"candidate_id" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "job_applications_offer_status_order_idx" ON "job_applications" USING btree ("licence_id","job_offer_id","status_id","candidate_updated_at" DESC NULLS LAST,"candidate_id" DESC NULLS LAST,"id");--> statement-breakpoint
-- Data, not schema: applications that existed before this migration get their candidate's updated_at, the
-- order of an offer's candidate list; the column's default (the migration's now()) only suits new rows.
UPDATE "job_applications" AS ja SET "candidate_updated_at" = c."updated_at"
FROM "candidates" AS c
WHERE c."id" = ja."candidate_id" AND ja."candidate_updated_at" IS DISTINCT FROM c."updated_at";
