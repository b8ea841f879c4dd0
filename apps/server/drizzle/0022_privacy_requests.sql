CREATE TABLE "privacy_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"licence_id" integer NOT NULL,
	"candidate_id" integer,
	"kind" text NOT NULL,
	"state" text DEFAULT 'unconfirmed' NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"done_by" integer,
	CONSTRAINT "privacy_requests_kind" CHECK ("privacy_requests"."kind" in ('access', 'erasure')),
	CONSTRAINT "privacy_requests_state" CHECK ("privacy_requests"."state" in ('unconfirmed', 'open', 'done'))
);
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_licence_state_due_idx" ON "privacy_requests" USING btree ("licence_id","state","due_at","id");--> statement-breakpoint
CREATE INDEX "privacy_requests_candidate_idx" ON "privacy_requests" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "privacy_requests_done_by_idx" ON "privacy_requests" USING btree ("done_by");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_token_hash" ON "privacy_requests" USING btree ("token_hash") WHERE "privacy_requests"."token_hash" is not null;