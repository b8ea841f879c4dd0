CREATE TABLE "job_offer_status_counts" (
	"licence_id" integer NOT NULL,
	"job_offer_id" integer NOT NULL,
	"status_key" integer NOT NULL,
	"applications" integer NOT NULL,
	CONSTRAINT "job_offer_status_counts_job_offer_id_status_key_pk" PRIMARY KEY("job_offer_id","status_key")
);
--> statement-breakpoint
ALTER TABLE "job_offer_status_counts" ADD CONSTRAINT "job_offer_status_counts_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offer_status_counts" ADD CONSTRAINT "job_offer_status_counts_job_offer_id_job_offers_id_fk" FOREIGN KEY ("job_offer_id") REFERENCES "public"."job_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_offer_status_counts_licence_idx" ON "job_offer_status_counts" USING btree ("licence_id");--> statement-breakpoint
-- hand-written: the counts kept by statement triggers on job_applications (decision 206). Each statement adds
-- the rows it wrote and takes away the rows it replaced or deleted, summed per offer and status, in its own
-- transaction; an offer deleted in the same transaction is skipped (its counts went with it). The sums are
-- upserted in (offer, status) order, so two transactions lock the rows they share in the same order.
CREATE FUNCTION "vivier_add_to_job_offer_counts"(offer_ids int[], status_keys int[], deltas int[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO job_offer_status_counts AS c (licence_id, job_offer_id, status_key, applications)
  SELECT o.licence_id, d.job_offer_id, d.status_key, d.delta
  FROM unnest(offer_ids, status_keys, deltas) AS d(job_offer_id, status_key, delta)
  JOIN job_offers o ON o.id = d.job_offer_id
  ORDER BY d.job_offer_id, d.status_key
  ON CONFLICT (job_offer_id, status_key) DO UPDATE SET applications = c.applications + excluded.applications
$$;--> statement-breakpoint
CREATE FUNCTION "vivier_job_application_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  offer_ids int[];
  status_keys int[];
  deltas int[];
BEGIN
  -- Each branch reads only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(s.job_offer_id), array_agg(s.status_key), array_agg(s.n) INTO offer_ids, status_keys, deltas
    FROM (SELECT job_offer_id, coalesce(status_id, 0) AS status_key, count(*)::int AS n
          FROM new_rows GROUP BY 1, 2) s;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(s.job_offer_id), array_agg(s.status_key), array_agg(s.n) INTO offer_ids, status_keys, deltas
    FROM (SELECT job_offer_id, coalesce(status_id, 0) AS status_key, -count(*)::int AS n
          FROM old_rows GROUP BY 1, 2) s;
  ELSE
    -- An update that moves nothing (a candidate touched, a comment) sums to zero everywhere: no write.
    SELECT array_agg(s.job_offer_id), array_agg(s.status_key), array_agg(s.n) INTO offer_ids, status_keys, deltas
    FROM (SELECT job_offer_id, status_key, sum(delta)::int AS n FROM (
            SELECT job_offer_id, coalesce(status_id, 0) AS status_key, 1 AS delta FROM new_rows
            UNION ALL
            SELECT job_offer_id, coalesce(status_id, 0), -1 FROM old_rows
          ) c GROUP BY 1, 2 HAVING sum(delta) <> 0) s;
  END IF;
  IF offer_ids IS NOT NULL THEN
    PERFORM vivier_add_to_job_offer_counts(offer_ids, status_keys, deltas);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "job_application_counts_insert" AFTER INSERT ON "job_applications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vivier_job_application_counts"();--> statement-breakpoint
CREATE TRIGGER "job_application_counts_update" AFTER UPDATE ON "job_applications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vivier_job_application_counts"();--> statement-breakpoint
CREATE TRIGGER "job_application_counts_delete" AFTER DELETE ON "job_applications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vivier_job_application_counts"();--> statement-breakpoint
-- hand-written: the counts of the applications already there.
INSERT INTO "job_offer_status_counts" (licence_id, job_offer_id, status_key, applications)
SELECT licence_id, job_offer_id, coalesce(status_id, 0), count(*)::int FROM job_applications GROUP BY 1, 2, 3;
