-- Decision 223: time to hire (the first creation of an application to its first entry into the hire status, for
-- the hires of the period) joined the period's hire entries to their applications' rows: at 1M candidates a year's
-- 96,560 hire entries hashed against all 279,000 applications, 115-190 ms of the report's answer. Each stage entry
-- now carries its application's creation time (`applied_at`, null while the application has no creation fact), so
-- the hires are one range of the entries' (licence, status, time) index and nothing else. The statement trigger
-- keeps it: a new entry reads it from its application's row; an application created (or created earlier than it
-- was) by a statement sets it on every entry of that application. The delete trigger's rebuild reads it too.
ALTER TABLE "report_stage_entries" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_aggregates_from_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A new entry carries its application's creation time as it stands (a join, not a subquery per entry: a plan
  -- cached while report_applications was small scanned it once per entry); an application created by this
  -- statement, or created earlier than it was, sets it on all its entries below.
  INSERT INTO "report_stage_entries" ("licence_id", "candidate_id", "job_offer_id", "status_key", "entered_at",
    "applied_at")
  SELECT n.*, a."applied_at"
  FROM (
    SELECT f."licence_id", f."candidate_id", f."job_offer_id", k."key", min(f."created_at")
    FROM "new_facts" f
      -- Each fact enters its status (0: none); a move that carried a rejection also enters "rejected" (-2).
      CROSS JOIN LATERAL (VALUES (coalesce(f."status_id", 0)), (CASE WHEN f."rejected" THEN -2 END)) k("key")
    WHERE f."kind" IN ('application', 'move') AND f."job_offer_id" IS NOT NULL AND k."key" IS NOT NULL
    GROUP BY 1, 2, 3, 4) n
    LEFT JOIN "report_applications" a ON a."candidate_id" = n."candidate_id" AND a."job_offer_id" = n."job_offer_id"
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
    -- A new application starts with every status its facts so far entered (the entries just written hold them,
    -- moves written before its creation's fact too) and whether one of them carried a rejection.
    INSERT INTO "report_applications" ("licence_id", "candidate_id", "job_offer_id", "applied_at", "fact_id",
      "source", "how", "reached", "rejected")
    SELECT a."licence_id", a."candidate_id", a."job_offer_id", a."created_at", a."id", a."source", h."how",
      r."reached", r."rejected"
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
    LEFT JOIN LATERAL (
      SELECT coalesce(array_agg(e."status_key" ORDER BY e."status_key") FILTER (WHERE e."status_key" > 0), '{}')
          AS "reached",
        coalesce(bool_or(e."status_key" = -2), false) AS "rejected"
      FROM "report_stage_entries" e
      WHERE e."job_offer_id" = a."job_offer_id" AND e."candidate_id" = a."candidate_id") r ON true
    ORDER BY a."candidate_id", a."job_offer_id"
    ON CONFLICT ("candidate_id", "job_offer_id") DO UPDATE
      SET "applied_at" = excluded."applied_at", "fact_id" = excluded."fact_id", "source" = excluded."source"
      WHERE (excluded."applied_at", excluded."fact_id")
        < ("report_applications"."applied_at", "report_applications"."fact_id");
    -- The entries of the statement's applications take their creation time (new, or earlier than it was).
    UPDATE "report_stage_entries" e SET "applied_at" = a."applied_at"
    FROM (SELECT DISTINCT f."candidate_id", f."job_offer_id" FROM "new_facts" f
        WHERE f."kind" = 'application' AND f."job_offer_id" IS NOT NULL) n
      JOIN "report_applications" a ON a."candidate_id" = n."candidate_id" AND a."job_offer_id" = n."job_offer_id"
    WHERE e."job_offer_id" = n."job_offer_id" AND e."candidate_id" = n."candidate_id"
      AND e."applied_at" IS DISTINCT FROM a."applied_at";
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
  -- The statuses the statement's moves entered, added to their applications' (a row written above already
  -- holds them and is left alone): a union of two short sorted arrays, no read of the entries.
  UPDATE "report_applications" a
  SET "reached" = array(SELECT DISTINCT k FROM unnest(a."reached" || n."keys") k ORDER BY 1),
    "rejected" = a."rejected" OR n."rejected"
  FROM (
    SELECT f."candidate_id", f."job_offer_id",
      coalesce(array_agg(DISTINCT f."status_id") FILTER (WHERE f."status_id" IS NOT NULL), '{}') AS "keys",
      bool_or(f."rejected") AS "rejected"
    FROM "new_facts" f
    WHERE f."kind" IN ('application', 'move') AND f."job_offer_id" IS NOT NULL
    GROUP BY 1, 2) n
  WHERE a."candidate_id" = n."candidate_id" AND a."job_offer_id" = n."job_offer_id"
    AND (NOT a."reached" @> n."keys" OR (n."rejected" AND NOT a."rejected"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_aggregates_from_deleted_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "report_stage_entries" e
  USING (SELECT DISTINCT "job_offer_id", "candidate_id" FROM "old_facts"
    WHERE "kind" IN ('application', 'move') AND "job_offer_id" IS NOT NULL) d
  WHERE e."job_offer_id" = d."job_offer_id" AND e."candidate_id" = d."candidate_id";
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
    LEFT JOIN "report_applications" a ON a."candidate_id" = n."candidate_id" AND a."job_offer_id" = n."job_offer_id";
  UPDATE "report_applications" a
  SET "reached" = coalesce((SELECT array_agg(e."status_key" ORDER BY e."status_key") FROM "report_stage_entries" e
      WHERE e."job_offer_id" = a."job_offer_id" AND e."candidate_id" = a."candidate_id" AND e."status_key" > 0), '{}'),
    "rejected" = EXISTS (SELECT 1 FROM "report_stage_entries" e
      WHERE e."job_offer_id" = a."job_offer_id" AND e."candidate_id" = a."candidate_id" AND e."status_key" = -2)
  WHERE (a."candidate_id", a."job_offer_id") IN (
    SELECT "candidate_id", "job_offer_id" FROM "old_facts" WHERE "kind" IN ('application', 'move'));
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
-- The entries written before this migration.
UPDATE "report_stage_entries" e SET "applied_at" = a."applied_at"
FROM "report_applications" a
WHERE a."candidate_id" = e."candidate_id" AND a."job_offer_id" = e."job_offer_id";
--> statement-breakpoint
-- Same name and keys as the schema declares (Drizzle cannot spell INCLUDE): the hires of a period, index only.
DROP INDEX "report_stage_entries_status_idx";--> statement-breakpoint
CREATE INDEX "report_stage_entries_status_idx" ON "report_stage_entries" USING btree ("licence_id","status_key","entered_at","job_offer_id","candidate_id") INCLUDE ("applied_at");--> statement-breakpoint
ANALYZE "report_stage_entries";
