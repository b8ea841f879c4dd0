-- Decision 219: one offer's reports read its facts of the period through report_facts_offer_time_idx; the
-- facts sit on disk in time order, so the biggest offer's 21,700 facts of a year were on 13,800 pages (60 ms
-- of a 93 ms funnel at 1M). The index now carries the columns the funnel, time in stage and team activity read,
-- so they are an index-only scan. Same name and keys as the schema declares (Drizzle cannot spell INCLUDE).
DROP INDEX "report_facts_offer_time_idx";--> statement-breakpoint
CREATE INDEX "report_facts_offer_time_idx" ON "report_facts" USING btree ("job_offer_id","created_at") INCLUDE ("licence_id","kind","candidate_id","status_id","from_status_id","rejected","actor_id","id");
