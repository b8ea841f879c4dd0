ALTER TABLE "notifications" ADD COLUMN "job_application_id" integer;--> statement-breakpoint
ALTER TABLE "careers_sites" ADD COLUMN "confirmation_subject_en" text;--> statement-breakpoint
ALTER TABLE "careers_sites" ADD COLUMN "confirmation_body_en" text;--> statement-breakpoint
ALTER TABLE "careers_sites" ADD COLUMN "confirmation_subject_fr" text;--> statement-breakpoint
ALTER TABLE "careers_sites" ADD COLUMN "confirmation_body_fr" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_job_application_id_job_applications_id_fk" FOREIGN KEY ("job_application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_application_idx" ON "notifications" USING btree ("job_application_id");--> statement-breakpoint
CREATE INDEX "job_applications_source_idx" ON "job_applications" USING btree ("licence_id","source","candidate_id") WHERE "job_applications"."source" is not null;