DROP INDEX "companies_name_trgm";--> statement-breakpoint
DROP INDEX "job_offers_name_trgm";--> statement-breakpoint
CREATE INDEX "candidate_contacts_licence_idx" ON "candidate_contacts" USING btree ("licence_id");--> statement-breakpoint
CREATE INDEX "companies_licence_name_trgm" ON "companies" USING gin ("licence_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_licence_name_prefix" ON "companies" USING btree ("licence_id",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "tags_licence_name_trgm" ON "tags" USING gin ("licence_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_licence_name_prefix" ON "tags" USING btree ("licence_id",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "credit_events_user_idx" ON "credit_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "job_applications_licence_idx" ON "job_applications" USING btree ("licence_id");--> statement-breakpoint
CREATE INDEX "job_applications_status_idx" ON "job_applications" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "job_offers_licence_name_trgm" ON "job_offers" USING gin ("licence_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_offers_licence_name_prefix" ON "job_offers" USING btree ("licence_id",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "job_offers_company_idx" ON "job_offers" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "job_offers_email_template_idx" ON "job_offers" USING btree ("email_template_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_client_data_licence_idx" ON "user_client_data" USING btree ("licence_id");