-- Decision 265: the statements of the two statement triggers that write the reports' stays, stage entries and
-- applications for each new fact are planned when they run (EXECUTE), not once per connection. PL/pgSQL kept
-- their plans for the connection's life, made on the first run; made while the tables were empty, every index
-- starting with the offer cost the same as the key, and the plan kept read the whole offer's rows once per row a
-- statement wrote. A batch of 250 added to an offer went from 110 ms to 460 ms while the offer grew to 10,000 on
-- PostgreSQL (report_stays' statement from 17 to 332 ms), from 44 to 286 ms of its trigger on the embedded engine,
-- where no statistics ever changed to replan them (decision 264). Planned when they run, they see the tables'
-- sizes and the statement's own rows. The bodies are 0039's and 0041's, unchanged but for EXECUTE.
CREATE OR REPLACE FUNCTION "report_stays_from_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $stmt$
  WITH "arrived" AS (
    SELECT f."licence_id", f."candidate_id", f."job_offer_id", f."created_at" AS "at", f."id" AS "fact_id",
      f."status_id"
    FROM "new_facts" f
    WHERE f."kind" IN ('application', 'move') AND f."job_offer_id" IS NOT NULL),
  "history" AS (
    SELECT a.*, true AS "new", NULL::integer AS "was_status_id", NULL::timestamptz AS "was_began_at"
    FROM "arrived" a
    UNION ALL
    -- Each application's rows through the primary key, one probe per application.
    SELECT s."licence_id", s."candidate_id", s."job_offer_id", s."at", s."fact_id", s."status_id", false,
      s."stay_status_id", s."stay_began_at"
    FROM (SELECT DISTINCT "job_offer_id", "candidate_id" FROM "arrived") t
      CROSS JOIN LATERAL (SELECT * FROM "report_stays" r
        WHERE r."job_offer_id" = t."job_offer_id" AND r."candidate_id" = t."candidate_id") s),
  "placed" AS (
    SELECT h.*,
      lag(h."status_id") OVER w AS "stay_status_id", lag(h."at") OVER w AS "stay_began_at"
    FROM "history" h
    WINDOW w AS (PARTITION BY h."job_offer_id", h."candidate_id" ORDER BY h."at", h."fact_id")),
  -- A fact written out of order: the row after it ends its stay instead.
  "moved" AS (
    UPDATE "report_stays" s SET "stay_status_id" = p."stay_status_id", "stay_began_at" = p."stay_began_at"
    FROM "placed" p
    WHERE NOT p."new" AND (p."was_status_id", p."was_began_at") IS DISTINCT FROM (p."stay_status_id", p."stay_began_at")
      AND s."job_offer_id" = p."job_offer_id" AND s."candidate_id" = p."candidate_id" AND s."at" = p."at"
      AND s."fact_id" = p."fact_id")
  INSERT INTO "report_stays" ("licence_id", "candidate_id", "job_offer_id", "at", "fact_id", "status_id",
    "stay_status_id", "stay_began_at")
  SELECT p."licence_id", p."candidate_id", p."job_offer_id", p."at", p."fact_id", p."status_id", p."stay_status_id",
    p."stay_began_at"
  FROM "placed" p
  WHERE p."new"
  ORDER BY p."job_offer_id", p."candidate_id", p."at", p."fact_id"
  $stmt$;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_aggregates_from_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A new entry carries its application's creation time as it stands (a join, not a subquery per entry: a plan
  -- cached while report_applications was small scanned it once per entry); an application created by this
  -- statement, or created earlier than it was, sets it on all its entries below.
  EXECUTE $stmt$
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
    WHERE excluded."entered_at" < "report_stage_entries"."entered_at"
  $stmt$;
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
    EXECUTE $stmt$
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
        < ("report_applications"."applied_at", "report_applications"."fact_id")
    $stmt$;
    -- The entries of the statement's applications take their creation time (new, or earlier than it was).
    EXECUTE $stmt$
    UPDATE "report_stage_entries" e SET "applied_at" = a."applied_at"
    FROM (SELECT DISTINCT f."candidate_id", f."job_offer_id" FROM "new_facts" f
        WHERE f."kind" = 'application' AND f."job_offer_id" IS NOT NULL) n
      JOIN "report_applications" a ON a."candidate_id" = n."candidate_id" AND a."job_offer_id" = n."job_offer_id"
    WHERE e."job_offer_id" = n."job_offer_id" AND e."candidate_id" = n."candidate_id"
      AND e."applied_at" IS DISTINCT FROM a."applied_at"
    $stmt$;
    -- A candidate's `created` fact written after its applications' (or an earlier one): their `how` again.
    EXECUTE $stmt$
    UPDATE "report_applications" a SET "how" = n."how"
    FROM (
      SELECT DISTINCT ON (c."candidate_id") c."candidate_id", c."source" AS "how"
      FROM "report_facts" c
      WHERE c."kind" = 'created'
        AND c."candidate_id" IN (SELECT "candidate_id" FROM "new_facts" WHERE "kind" = 'created')
      ORDER BY c."candidate_id", c."created_at", c."id") n
    WHERE a."candidate_id" = n."candidate_id" AND a."how" IS DISTINCT FROM n."how"
    $stmt$;
  END IF;
  -- The statuses the statement's moves entered, added to their applications' (a row written above already
  -- holds them and is left alone): a union of two short sorted arrays, no read of the entries.
  EXECUTE $stmt$
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
    AND (NOT a."reached" @> n."keys" OR (n."rejected" AND NOT a."rejected"))
  $stmt$;
  RETURN NULL;
END $$;
