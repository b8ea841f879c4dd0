CREATE TABLE "report_facts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_facts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"licence_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"job_offer_id" integer,
	"kind" text NOT NULL,
	"from_status_id" integer,
	"status_id" integer,
	"rejected" boolean DEFAULT false NOT NULL,
	"reason" text,
	"source" text,
	"actor_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_facts" ADD CONSTRAINT "report_facts_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_facts" ADD CONSTRAINT "report_facts_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_facts_licence_time_idx" ON "report_facts" USING btree ("licence_id","created_at");--> statement-breakpoint
CREATE INDEX "report_facts_offer_time_idx" ON "report_facts" USING btree ("job_offer_id","created_at");--> statement-breakpoint
CREATE INDEX "report_facts_candidate_idx" ON "report_facts" USING btree ("candidate_id","job_offer_id","created_at");--> statement-breakpoint
CREATE INDEX "report_facts_created_idx" ON "report_facts" USING btree ("candidate_id","created_at") WHERE "report_facts"."kind" = 'created';--> statement-breakpoint
-- hand-written below
-- Issue 26 (decision 201): the reports' facts are written by the statement that writes the events, so a fact
-- exists exactly when its event was written (a move, a bulk move of 10,000, a copy, an import, an email), with
-- one INSERT … SELECT per statement over the transition table. The select is the one the backfill runs.
CREATE FUNCTION "report_facts_from_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_facts" ("licence_id", "candidate_id", "job_offer_id", "kind", "from_status_id", "status_id",
    "rejected", "reason", "source", "actor_id", "created_at")
  SELECT e."licence_id", e."candidate_id", e."job_offer_id",
    CASE e."kind" WHEN 'status_changed' THEN 'move' WHEN 'email_sent' THEN 'email' WHEN 'created' THEN 'created'
      ELSE 'application' END,
    CASE WHEN e."kind" = 'status_changed' THEN (e."data" #>> '{from,id}')::int END,
    CASE WHEN e."kind" = 'status_changed' THEN (e."data" #>> '{to,id}')::int
      WHEN e."kind" IN ('application_created', 'application_copied') THEN (e."data" #>> '{status,id}')::int END,
    e."kind" = 'status_changed' AND (e."data" ? 'reason' OR e."data" ? 'reason_text'),
    CASE WHEN e."kind" = 'status_changed' THEN e."data" #>> '{reason,name}' END,
    CASE e."kind" WHEN 'application_copied' THEN 'copy' WHEN 'application_created' THEN e."data" ->> 'source'
      WHEN 'created' THEN e."data" ->> 'how' END,
    e."actor_id", e."created_at"
  FROM "new_events" e
  WHERE e."kind" IN ('created', 'application_created', 'application_copied', 'status_changed', 'email_sent');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "report_facts_from_events" AFTER INSERT ON "candidate_events"
  REFERENCING NEW TABLE AS "new_events" FOR EACH STATEMENT EXECUTE FUNCTION "report_facts_from_events"();
--> statement-breakpoint
-- The history written before this migration, in event order.
INSERT INTO "report_facts" ("licence_id", "candidate_id", "job_offer_id", "kind", "from_status_id", "status_id",
  "rejected", "reason", "source", "actor_id", "created_at")
SELECT e."licence_id", e."candidate_id", e."job_offer_id",
  CASE e."kind" WHEN 'status_changed' THEN 'move' WHEN 'email_sent' THEN 'email' WHEN 'created' THEN 'created'
    ELSE 'application' END,
  CASE WHEN e."kind" = 'status_changed' THEN (e."data" #>> '{from,id}')::int END,
  CASE WHEN e."kind" = 'status_changed' THEN (e."data" #>> '{to,id}')::int
    WHEN e."kind" IN ('application_created', 'application_copied') THEN (e."data" #>> '{status,id}')::int END,
  e."kind" = 'status_changed' AND (e."data" ? 'reason' OR e."data" ? 'reason_text'),
  CASE WHEN e."kind" = 'status_changed' THEN e."data" #>> '{reason,name}' END,
  CASE e."kind" WHEN 'application_copied' THEN 'copy' WHEN 'application_created' THEN e."data" ->> 'source'
    WHEN 'created' THEN e."data" ->> 'how' END,
  e."actor_id", e."created_at"
FROM "candidate_events" e
WHERE e."kind" IN ('created', 'application_created', 'application_copied', 'status_changed', 'email_sent')
ORDER BY e."id";
