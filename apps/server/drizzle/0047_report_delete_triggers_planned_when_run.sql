-- Decision 267: the statement triggers that run when facts go (a candidate deleted or erased, a licence's
-- candidates deleted) plan their statements when they run (EXECUTE), as 0046 did for the triggers that run when
-- facts are written (decision 265). PL/pgSQL kept each connection's first plans: made while the reports' tables
-- were small, they read each table whole (a hash join, a sequential scan) every time, whatever the candidates
-- deleted: 200 candidates deleted after 2,000 applications read 1,999 rows of report_stays, report_stage_entries
-- and report_applications where planned when they run they read 200. The bodies are 0034's, 0039's and 0041's,
-- unchanged but for EXECUTE.
CREATE OR REPLACE FUNCTION "report_facts_of_candidates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $stmt$
  DELETE FROM "report_facts" f USING "old_candidates" c WHERE f."candidate_id" = c."id"
  $stmt$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_stays_from_deleted_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $stmt$
  DELETE FROM "report_stays" s
  USING (SELECT DISTINCT "job_offer_id", "candidate_id" FROM "old_facts"
    WHERE "kind" IN ('application', 'move') AND "job_offer_id" IS NOT NULL) d
  WHERE s."job_offer_id" = d."job_offer_id" AND s."candidate_id" = d."candidate_id"
  $stmt$;
  EXECUTE $stmt$
  INSERT INTO "report_stays" ("licence_id", "candidate_id", "job_offer_id", "at", "fact_id", "status_id",
    "stay_status_id", "stay_began_at")
  SELECT f."licence_id", f."candidate_id", f."job_offer_id", f."created_at", f."id", f."status_id",
    lag(f."status_id") OVER w, lag(f."created_at") OVER w
  FROM "report_facts" f
  WHERE f."kind" IN ('application', 'move') AND (f."candidate_id", f."job_offer_id") IN (
    SELECT "candidate_id", "job_offer_id" FROM "old_facts" WHERE "kind" IN ('application', 'move'))
  WINDOW w AS (PARTITION BY f."job_offer_id", f."candidate_id" ORDER BY f."created_at", f."id")
  $stmt$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_aggregates_from_deleted_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $stmt$
  DELETE FROM "report_stage_entries" e
  USING (SELECT DISTINCT "job_offer_id", "candidate_id" FROM "old_facts"
    WHERE "kind" IN ('application', 'move') AND "job_offer_id" IS NOT NULL) d
  WHERE e."job_offer_id" = d."job_offer_id" AND e."candidate_id" = d."candidate_id"
  $stmt$;
  EXECUTE $stmt$
  INSERT INTO "report_stage_entries" ("licence_id", "candidate_id", "job_offer_id", "status_key", "entered_at",
    "applied_at")
  SELECT n.*, a."applied_at"
  FROM (
    SELECT f."licence_id", f."candidate_id", f."job_offer_id", k."key", min(f."created_at")
    FROM "report_facts" f
      CROSS JOIN LATERAL (VALUES (coalesce(f."status_id", 0)), (CASE WHEN f."rejected" THEN -2 END)) k("key")
    WHERE f."kind" IN ('application', 'move') AND k."key" IS NOT NULL AND (f."candidate_id", f."job_offer_id") IN (
      SELECT "candidate_id", "job_offer_id" FROM "old_facts" WHERE "kind" IN ('application', 'move'))
    GROUP BY 1, 2, 3, 4) n
    LEFT JOIN "report_applications" a ON a."candidate_id" = n."candidate_id" AND a."job_offer_id" = n."job_offer_id"
  $stmt$;
  EXECUTE $stmt$
  UPDATE "report_applications" a
  SET "reached" = coalesce((SELECT array_agg(e."status_key" ORDER BY e."status_key") FROM "report_stage_entries" e
      WHERE e."job_offer_id" = a."job_offer_id" AND e."candidate_id" = a."candidate_id" AND e."status_key" > 0), '{}'),
    "rejected" = EXISTS (SELECT 1 FROM "report_stage_entries" e
      WHERE e."job_offer_id" = a."job_offer_id" AND e."candidate_id" = a."candidate_id" AND e."status_key" = -2)
  WHERE (a."candidate_id", a."job_offer_id") IN (
    SELECT "candidate_id", "job_offer_id" FROM "old_facts" WHERE "kind" IN ('application', 'move'))
  $stmt$;
  EXECUTE $stmt$
  UPDATE "report_weekly_counts" w SET "n" = w."n" - d."n"
  FROM (
    SELECT f."job_offer_id", date_trunc('week', f."created_at" AT TIME ZONE 'UTC')::date AS "week", f."kind",
      coalesce(f."actor_id", 0) AS "actor_key", count(*) AS "n"
    FROM "old_facts" f
    WHERE f."kind" IN ('application', 'move', 'email') AND f."job_offer_id" IS NOT NULL
    GROUP BY 1, 2, 3, 4) d
  WHERE w."job_offer_id" = d."job_offer_id" AND w."week" = d."week" AND w."kind" = d."kind"
    AND w."actor_key" = d."actor_key"
  $stmt$;
  RETURN NULL;
END $$;
