-- Decision 222: time in stage reads the period's stays, kept as the facts are written, instead of ordering the
-- period's facts by application to find where each stay ends. A stay is an application's time in the status a fact
-- (its creation, a copy, a move) put it in, until its next fact by (time, id). One row per such fact: its time and
-- status, and the stay it ended (`stay_status_id`, `stay_began_at`: the application's previous fact's; null for
-- its first fact). The rows of an application are its history in order, so the statement trigger below places new
-- facts among them by reading only that application's rows, through the primary key (never the facts, whose
-- secondary indexes a bulk load drops). A fact written after the others of its application, as nearly all are, is
-- one insert and no update; one written out of order also changes the row of the fact after it. Facts are never
-- updated; they go only with their candidate, and the rows of what remains are rebuilt from the facts; an erasure
-- keeps both, so an erased candidate still counts.
CREATE TABLE "report_stays" (
	"licence_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"job_offer_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"fact_id" integer NOT NULL,
	"status_id" integer,
	"stay_status_id" integer,
	"stay_began_at" timestamp with time zone,
	CONSTRAINT "report_stays_pk" PRIMARY KEY("job_offer_id","candidate_id","at","fact_id")
);
--> statement-breakpoint
CREATE FUNCTION "report_stays_from_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
  ORDER BY p."job_offer_id", p."candidate_id", p."at", p."fact_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "report_stays_from_facts" AFTER INSERT ON "report_facts"
  REFERENCING NEW TABLE AS "new_facts" FOR EACH STATEMENT EXECUTE FUNCTION "report_stays_from_facts"();
--> statement-breakpoint
-- Facts go only with their candidate (or licence, through its candidates): the rows of their applications go,
-- and those of any facts left are placed again (none, for a deleted candidate).
CREATE FUNCTION "report_stays_from_deleted_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "report_stays" s
  USING (SELECT DISTINCT "job_offer_id", "candidate_id" FROM "old_facts"
    WHERE "kind" IN ('application', 'move') AND "job_offer_id" IS NOT NULL) d
  WHERE s."job_offer_id" = d."job_offer_id" AND s."candidate_id" = d."candidate_id";
  INSERT INTO "report_stays" ("licence_id", "candidate_id", "job_offer_id", "at", "fact_id", "status_id",
    "stay_status_id", "stay_began_at")
  SELECT f."licence_id", f."candidate_id", f."job_offer_id", f."created_at", f."id", f."status_id",
    lag(f."status_id") OVER w, lag(f."created_at") OVER w
  FROM "report_facts" f
  WHERE f."kind" IN ('application', 'move') AND (f."candidate_id", f."job_offer_id") IN (
    SELECT "candidate_id", "job_offer_id" FROM "old_facts" WHERE "kind" IN ('application', 'move'))
  WINDOW w AS (PARTITION BY f."job_offer_id", f."candidate_id" ORDER BY f."created_at", f."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "report_stays_from_deleted_facts" AFTER DELETE ON "report_facts"
  REFERENCING OLD TABLE AS "old_facts" FOR EACH STATEMENT EXECUTE FUNCTION "report_stays_from_deleted_facts"();
--> statement-breakpoint
-- The facts written before this migration, in the order the trigger adds them (a period's rows together on disk).
INSERT INTO "report_stays" ("licence_id", "candidate_id", "job_offer_id", "at", "fact_id", "status_id",
  "stay_status_id", "stay_began_at")
SELECT f."licence_id", f."candidate_id", f."job_offer_id", f."created_at", f."id", f."status_id",
  lag(f."status_id") OVER w, lag(f."created_at") OVER w
FROM "report_facts" f
WHERE f."kind" IN ('application', 'move') AND f."job_offer_id" IS NOT NULL
WINDOW w AS (PARTITION BY f."job_offer_id", f."candidate_id" ORDER BY f."created_at", f."id")
ORDER BY f."created_at", f."id";
--> statement-breakpoint
-- Time in stage reads, for each status, the period's stays in it of the scope's offers from one of these alone
-- (index only): across offers one range of the licence's, one offer's one range of its own; each status's stays
-- come out apart, so only the percentiles sort them. An application's first fact ended no stay, and a stay in
-- no status is not reported: neither is in them.
CREATE INDEX "report_stays_licence_status_idx" ON "report_stays" USING btree ("licence_id","stay_status_id","stay_began_at") INCLUDE ("job_offer_id","at") WHERE "stay_status_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "report_stays_offer_status_idx" ON "report_stays" USING btree ("job_offer_id","stay_status_id","stay_began_at") INCLUDE ("licence_id","at") WHERE "stay_status_id" IS NOT NULL;--> statement-breakpoint
ANALYZE "report_stays";
