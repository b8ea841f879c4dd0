CREATE TABLE "report_applications" (
	"licence_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"job_offer_id" integer NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"fact_id" integer NOT NULL,
	"source" text,
	"how" text,
	CONSTRAINT "report_applications_candidate_id_job_offer_id_pk" PRIMARY KEY("candidate_id","job_offer_id")
);
--> statement-breakpoint
CREATE TABLE "report_stage_entries" (
	"licence_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"job_offer_id" integer NOT NULL,
	"status_key" integer NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_stage_entries_job_offer_id_candidate_id_status_key_pk" PRIMARY KEY("job_offer_id","candidate_id","status_key")
);
--> statement-breakpoint
CREATE TABLE "report_weekly_counts" (
	"licence_id" integer NOT NULL,
	"job_offer_id" integer NOT NULL,
	"week" date NOT NULL,
	"kind" text NOT NULL,
	"actor_key" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_weekly_counts_job_offer_id_week_kind_actor_key_pk" PRIMARY KEY("job_offer_id","week","kind","actor_key")
);
--> statement-breakpoint
ALTER TABLE "report_facts" DROP CONSTRAINT "report_facts_licence_id_licences_id_fk";
--> statement-breakpoint
ALTER TABLE "report_facts" DROP CONSTRAINT "report_facts_candidate_id_candidates_id_fk";
--> statement-breakpoint
ALTER TABLE "report_applications" ADD CONSTRAINT "report_applications_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_applications" ADD CONSTRAINT "report_applications_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_weekly_counts" ADD CONSTRAINT "report_weekly_counts_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_applications_licence_time_idx" ON "report_applications" USING btree ("licence_id","applied_at","job_offer_id");--> statement-breakpoint
CREATE INDEX "report_stage_entries_status_idx" ON "report_stage_entries" USING btree ("licence_id","status_key","entered_at","job_offer_id","candidate_id");--> statement-breakpoint
CREATE INDEX "report_weekly_counts_licence_week_idx" ON "report_weekly_counts" USING btree ("licence_id","week");--> statement-breakpoint
-- hand-written below
-- Decision 210: three pre-aggregates of the facts, kept by statement triggers on report_facts. Facts are only
-- ever inserted, and go only with their candidate or licence: report_applications goes with the candidate by
-- cascade; the delete trigger takes the deleted facts from the weekly counts and recounts the entries of
-- their applications (report_stage_entries has no foreign keys: their checks cost a bulk move).
-- report_applications: each application's first `application` fact (time, then id) and its source, with how
-- its candidate came (the candidate's first `created` fact). report_stage_entries: each application's first
-- entry into each status (0: none), `least()` of the times, so the order facts arrive in changes nothing.
CREATE FUNCTION "report_aggregates_from_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  WHERE f."kind" IN ('application', 'move') AND f."job_offer_id" IS NOT NULL
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
CREATE TRIGGER "report_aggregates_from_facts" AFTER INSERT ON "report_facts"
  REFERENCING NEW TABLE AS "new_facts" FOR EACH STATEMENT EXECUTE FUNCTION "report_aggregates_from_facts"();
--> statement-breakpoint
-- Facts go only with their candidate (or licence, through its candidates): their weeks' counts lose them, and
-- their applications' entries are recounted from the facts left (none, for a deleted candidate).
CREATE FUNCTION "report_aggregates_from_deleted_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    WHERE f."kind" IN ('application', 'move') AND f."job_offer_id" IS NOT NULL
    GROUP BY 1, 2, 3, 4) d
  WHERE w."job_offer_id" = d."job_offer_id" AND w."week" = d."week" AND w."kind" = d."kind"
    AND w."actor_key" = d."actor_key";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "report_aggregates_from_deleted_facts" AFTER DELETE ON "report_facts"
  REFERENCING OLD TABLE AS "old_facts" FOR EACH STATEMENT EXECUTE FUNCTION "report_aggregates_from_deleted_facts"();
--> statement-breakpoint
-- report_facts lost its foreign keys above (each fact of a bulk move checked its candidate and licence): a
-- candidate deleted outright takes its facts here, as the cascade did; a licence's deletion deletes its
-- candidates, so this runs for them too. An erasure keeps the candidate's row, so its facts stay.
CREATE FUNCTION "report_facts_of_candidates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "report_facts" f USING "old_candidates" c WHERE f."candidate_id" = c."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "report_facts_of_candidates" AFTER DELETE ON "candidates"
  REFERENCING OLD TABLE AS "old_candidates" FOR EACH STATEMENT EXECUTE FUNCTION "report_facts_of_candidates"();
--> statement-breakpoint
-- The facts written before this migration, in time order (as the trigger will add them: a period's rows sit
-- together on disk).
INSERT INTO "report_stage_entries" ("licence_id", "candidate_id", "job_offer_id", "status_key", "entered_at")
SELECT f."licence_id", f."candidate_id", f."job_offer_id", coalesce(f."status_id", 0), min(f."created_at")
FROM "report_facts" f
WHERE f."kind" IN ('application', 'move') AND f."job_offer_id" IS NOT NULL
GROUP BY 1, 2, 3, 4
ORDER BY 5;
--> statement-breakpoint
INSERT INTO "report_applications" ("licence_id", "candidate_id", "job_offer_id", "applied_at", "fact_id", "source",
  "how")
SELECT a."licence_id", a."candidate_id", a."job_offer_id", a."created_at", a."id", a."source", c."how"
FROM (
  SELECT DISTINCT ON (f."candidate_id", f."job_offer_id") f.*
  FROM "report_facts" f
  WHERE f."kind" = 'application' AND f."job_offer_id" IS NOT NULL
  ORDER BY f."candidate_id", f."job_offer_id", f."created_at", f."id") a
LEFT JOIN (
  SELECT DISTINCT ON (f."candidate_id") f."candidate_id", f."source" AS "how"
  FROM "report_facts" f
  WHERE f."kind" = 'created'
  ORDER BY f."candidate_id", f."created_at", f."id") c ON c."candidate_id" = a."candidate_id"
ORDER BY a."created_at";
--> statement-breakpoint
INSERT INTO "report_weekly_counts" ("licence_id", "job_offer_id", "week", "kind", "actor_key", "n")
SELECT f."licence_id", f."job_offer_id", date_trunc('week', f."created_at" AT TIME ZONE 'UTC')::date, f."kind",
  coalesce(f."actor_id", 0), count(*)
FROM "report_facts" f
WHERE f."kind" IN ('application', 'move') AND f."job_offer_id" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5
ORDER BY 3;
--> statement-breakpoint
ANALYZE "report_weekly_counts";
--> statement-breakpoint
ANALYZE "report_stage_entries";
--> statement-breakpoint
ANALYZE "report_applications";
