CREATE INDEX "interviews_organiser_idx" ON "interviews" USING btree ("organiser_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_licence_idx" ON "webhook_deliveries" USING btree ("licence_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_created_by_idx" ON "webhook_endpoints" USING btree ("created_by");