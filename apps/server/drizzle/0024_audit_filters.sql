DROP INDEX "audit_entries_licence_action_idx";--> statement-breakpoint
DROP INDEX "audit_entries_licence_actor_idx";--> statement-breakpoint
DROP INDEX "audit_entries_licence_target_idx";--> statement-breakpoint
CREATE INDEX "audit_entries_licence_action_seq_idx" ON "audit_entries" USING btree ("licence_id","action","seq");--> statement-breakpoint
CREATE INDEX "audit_entries_licence_actor_seq_idx" ON "audit_entries" USING btree ("licence_id","actor_id","seq");--> statement-breakpoint
CREATE INDEX "audit_entries_licence_target_seq_idx" ON "audit_entries" USING btree ("licence_id","target_kind","target_id","seq");--> statement-breakpoint
-- hand-written below
-- Issue 24: the audit log keeps a year unless an admin says otherwise (licence/provision.ts for new licences).
INSERT INTO "settings" ("licence_id", "name", "value", "type")
SELECT l."id", 'audit_retention_months', '12', 'string' FROM "licences" l
WHERE NOT EXISTS (SELECT 1 FROM "settings" s WHERE s."licence_id" = l."id" AND s."name" = 'audit_retention_months');
