CREATE TABLE "email_send_recipients" (
	"send_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"position" integer NOT NULL,
	"email" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_send_recipients_send_id_candidate_id_pk" PRIMARY KEY("send_id","candidate_id"),
	CONSTRAINT "email_send_recipients_state" CHECK ("email_send_recipients"."state" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "email_sends" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"licence_id" integer NOT NULL,
	"job_offer_id" integer NOT NULL,
	"sender_id" integer,
	"job_id" integer,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"singleton_key" text,
	"progress" jsonb,
	"result" jsonb,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_state" CHECK ("jobs"."state" in ('queued', 'running', 'done', 'dead'))
);
--> statement-breakpoint
ALTER TABLE "email_send_recipients" ADD CONSTRAINT "email_send_recipients_send_id_email_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."email_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_send_recipients" ADD CONSTRAINT "email_send_recipients_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_job_offer_id_job_offers_id_fk" FOREIGN KEY ("job_offer_id") REFERENCES "public"."job_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_send_recipients_candidate_idx" ON "email_send_recipients" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "email_sends_licence_idx" ON "email_sends" USING btree ("licence_id");--> statement-breakpoint
CREATE INDEX "email_sends_job_idx" ON "email_sends" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "email_sends_job_offer_idx" ON "email_sends" USING btree ("job_offer_id");--> statement-breakpoint
CREATE INDEX "email_sends_sender_idx" ON "email_sends" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_unique" ON "jobs" USING btree ("singleton_key") WHERE "jobs"."singleton_key" is not null and "jobs"."state" = 'queued';