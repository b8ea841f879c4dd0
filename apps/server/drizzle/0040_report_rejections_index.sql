-- Decision 223: the rejection reasons report counts a period's moves that carried a rejection or went to a status
-- marked rejected. It read the period's facts of every kind from report_facts_licence_time_idx and kept the few
-- that were rejections: 1.44 million facts and 14,000 heap pages for a year at 1M candidates (250 ms warm, every
-- time, whatever the number of rejections). Two partial indexes make each half one range, index only: the moves
-- that carried a rejection by time, and the other moves by the status they entered and time (read only for the
-- statuses marked rejected: moves made to them before they were marked, which carry no rejection). The status's
-- mark stays a property of the status, read when the report is, so marking or unmarking one needs no rewrite.
CREATE INDEX "report_facts_rejections_idx" ON "report_facts" USING btree ("licence_id","created_at")
  INCLUDE ("job_offer_id","from_status_id","reason") WHERE "kind" = 'move' AND "rejected";--> statement-breakpoint
CREATE INDEX "report_facts_moves_to_status_idx" ON "report_facts" USING btree ("licence_id","status_id","created_at")
  INCLUDE ("job_offer_id","from_status_id","reason") WHERE "kind" = 'move' AND NOT "rejected";
