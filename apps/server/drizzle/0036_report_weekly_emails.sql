-- Decision 218: team activity counts the emails sent from the report's offers (every email is sent from an
-- offer's pipeline, and its fact carries the offer), so report_weekly_counts keeps them per offer, week and
-- sender as it keeps moves and applications; the whole weeks of a period are read from it, not a year of email
-- facts checked against every candidate who ever applied. The two trigger functions of migration 0034 are the
-- same but for the kinds the weekly counts take.
CREATE OR REPLACE FUNCTION "report_aggregates_from_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_stage_entries" ("licence_id", "candidate_id", "job_offer_id", "status_key", "entered_at")
  SELECT f."licence_id", f."candidate_id", f."job_offer_id", coalesce(f."status_id", 0), min(f."created_at")
  FROM "new_facts" f
  WHERE f."kind" IN ('application', 'move') AND f."job_offer_id" IS NOT NULL
  GROUP BY 1, 2, 3, 4
  ORDER BY 3, 2, 4
  ON CONFLICT ("job_offer_id", "candidate_id", "status_key") DO UPDATE SET "entered_at" = excluded."entered_at"
    WHERE excluded."entered_at" < "report_stage_entries"."entered_at";
  INSERT INTO "report_weekly_counts" ("licence_id", "job_offer_id", "week", "kind", "actor_key", "n")
  SELECT f."licence_id", f."job_offer_id", date_trunc('week', f."created_at" AT TIME ZONE 'UTC')::date, f."kind",
    coalesce(f."actor_id", 0), count(*)
  FROM "new_facts" f
  WHERE f."kind" IN ('application', 'move', 'email') AND f."job_offer_id" IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 2, 3, 4, 5
  ON CONFLICT ("job_offer_id", "week", "kind", "actor_key") DO UPDATE
    SET "n" = "report_weekly_counts"."n" + excluded."n";
  IF EXISTS (SELECT 1 FROM "new_facts" WHERE "kind" IN ('application', 'created')) THEN
    INSERT INTO "report_applications" ("licence_id", "candidate_id", "job_offer_id", "applied_at", "fact_id",
      "source", "how")
    SELECT a."licence_id", a."candidate_id", a."job_offer_id", a."created_at", a."id", a."source", h."how"
    FROM (
      SELECT DISTINCT ON (f."candidate_id", f."job_offer_id") f.*
      FROM "new_facts" f
      WHERE f."kind" = 'application' AND f."job_offer_id" IS NOT NULL
      ORDER BY f."candidate_id", f."job_offer_id", f."created_at", f."id") a
    -- How each candidate came, one set for the statement's candidates (a hash join, or the created index's
    -- probes for a few): not a subquery per application, which without that index (the dataset generator
    -- drops it for a bulk load) read every fact once per application (decision 210).
    LEFT JOIN (
      SELECT DISTINCT ON (c."candidate_id") c."candidate_id", c."source" AS "how"
      FROM "report_facts" c
      WHERE c."kind" = 'created'
        AND c."candidate_id" IN (SELECT "candidate_id" FROM "new_facts" WHERE "kind" = 'application')
      ORDER BY c."candidate_id", c."created_at", c."id") h ON h."candidate_id" = a."candidate_id"
    ORDER BY a."candidate_id", a."job_offer_id"
    ON CONFLICT ("candidate_id", "job_offer_id") DO UPDATE
      SET "applied_at" = excluded."applied_at", "fact_id" = excluded."fact_id", "source" = excluded."source"
      WHERE (excluded."applied_at", excluded."fact_id")
        < ("report_applications"."applied_at", "report_applications"."fact_id");
    -- A candidate's `created` fact written after its applications' (or an earlier one): their `how` again.
    UPDATE "report_applications" a SET "how" = n."how"
    FROM (
      SELECT DISTINCT ON (c."candidate_id") c."candidate_id", c."source" AS "how"
      FROM "report_facts" c
      WHERE c."kind" = 'created'
        AND c."candidate_id" IN (SELECT "candidate_id" FROM "new_facts" WHERE "kind" = 'created')
      ORDER BY c."candidate_id", c."created_at", c."id") n
    WHERE a."candidate_id" = n."candidate_id" AND a."how" IS DISTINCT FROM n."how";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_aggregates_from_deleted_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "report_stage_entries" e
  USING (SELECT DISTINCT "job_offer_id", "candidate_id" FROM "old_facts"
    WHERE "kind" IN ('application', 'move') AND "job_offer_id" IS NOT NULL) d
  WHERE e."job_offer_id" = d."job_offer_id" AND e."candidate_id" = d."candidate_id";
  INSERT INTO "report_stage_entries" ("licence_id", "candidate_id", "job_offer_id", "status_key", "entered_at")
  SELECT f."licence_id", f."candidate_id", f."job_offer_id", coalesce(f."status_id", 0), min(f."created_at")
  FROM "report_facts" f
  WHERE f."kind" IN ('application', 'move') AND (f."candidate_id", f."job_offer_id") IN (
    SELECT "candidate_id", "job_offer_id" FROM "old_facts" WHERE "kind" IN ('application', 'move'))
  GROUP BY 1, 2, 3, 4;
  UPDATE "report_weekly_counts" w SET "n" = w."n" - d."n"
  FROM (
    SELECT f."job_offer_id", date_trunc('week', f."created_at" AT TIME ZONE 'UTC')::date AS "week", f."kind",
      coalesce(f."actor_id", 0) AS "actor_key", count(*) AS "n"
    FROM "old_facts" f
    WHERE f."kind" IN ('application', 'move', 'email') AND f."job_offer_id" IS NOT NULL
    GROUP BY 1, 2, 3, 4) d
  WHERE w."job_offer_id" = d."job_offer_id" AND w."week" = d."week" AND w."kind" = d."kind"
    AND w."actor_key" = d."actor_key";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The emails written before this migration.
INSERT INTO "report_weekly_counts" ("licence_id", "job_offer_id", "week", "kind", "actor_key", "n")
SELECT f."licence_id", f."job_offer_id", date_trunc('week', f."created_at" AT TIME ZONE 'UTC')::date, f."kind",
  coalesce(f."actor_id", 0), count(*)
FROM "report_facts" f
WHERE f."kind" = 'email' AND f."job_offer_id" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5
ORDER BY 3;
--> statement-breakpoint
ANALYZE "report_weekly_counts";
