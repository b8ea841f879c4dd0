CREATE TABLE "candidate_erasures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "candidate_erasures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"licence_id" integer NOT NULL,
	"requested_by" integer,
	"job_id" integer,
	"candidate_ids" integer[] NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"erased" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidate_erasures" ADD CONSTRAINT "candidate_erasures_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_erasures" ADD CONSTRAINT "candidate_erasures_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_erasures" ADD CONSTRAINT "candidate_erasures_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_erasures_licence_idx" ON "candidate_erasures" USING btree ("licence_id");--> statement-breakpoint
CREATE INDEX "candidate_erasures_job_idx" ON "candidate_erasures" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "candidate_erasures_requested_by_idx" ON "candidate_erasures" USING btree ("requested_by");