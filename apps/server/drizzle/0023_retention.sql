CREATE TABLE "retention_exclusions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retention_exclusions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"licence_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"reason" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retention_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"licence_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"token_hash" text,
	"mailed_at" timestamp with time zone,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "legal_basis" text DEFAULT 'legitimate_interest' NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "legal_basis_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "legal_basis_by" integer;--> statement-breakpoint
ALTER TABLE "retention_exclusions" ADD CONSTRAINT "retention_exclusions_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_exclusions" ADD CONSTRAINT "retention_exclusions_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_exclusions" ADD CONSTRAINT "retention_exclusions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_notices" ADD CONSTRAINT "retention_notices_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_notices" ADD CONSTRAINT "retention_notices_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "retention_exclusions_candidate_unique" ON "retention_exclusions" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "retention_exclusions_licence_idx" ON "retention_exclusions" USING btree ("licence_id");--> statement-breakpoint
CREATE INDEX "retention_exclusions_user_idx" ON "retention_exclusions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "retention_notices_candidate_due_unique" ON "retention_notices" USING btree ("candidate_id","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "retention_notices_token_unique" ON "retention_notices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "retention_notices_licence_idx" ON "retention_notices" USING btree ("licence_id");--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_legal_basis_by_users_id_fk" FOREIGN KEY ("legal_basis_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidates_legal_basis_by_idx" ON "candidates" USING btree ("legal_basis_by");--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_legal_basis" CHECK ("candidates"."legal_basis" in ('consent', 'legitimate_interest'));--> statement-breakpoint
-- hand-written below
-- Issue 24 (decision 195): every candidate gets a legal basis. Those who consented on the apply form hold it
-- by consent since their latest consent; everyone else (sourced, imported, typed in) by legitimate interest
-- since they were added, by nobody known.
UPDATE "candidates" c SET "legal_basis_at" = c."created_at";--> statement-breakpoint
UPDATE "candidates" c SET "legal_basis" = 'consent', "legal_basis_at" = k."at"
FROM (SELECT "candidate_id", max("created_at") AS "at" FROM "candidate_consents" GROUP BY "candidate_id") k
WHERE k."candidate_id" = c."id";--> statement-breakpoint
-- Retention: new licences start at 24 months (licence/provision.ts); the licences made before keep what they
-- had, no erasure, until an admin turns it on: an erasure nobody asked for cannot be undone.
INSERT INTO "settings" ("licence_id", "name", "value", "type")
SELECT l."id", 'retention_months', 'off', 'string' FROM "licences" l
WHERE NOT EXISTS (SELECT 1 FROM "settings" s WHERE s."licence_id" = l."id" AND s."name" = 'retention_months');--> statement-breakpoint
INSERT INTO "settings" ("licence_id", "name", "value", "type")
SELECT l."id", 'retention_action', 'erase', 'string' FROM "licences" l
WHERE NOT EXISTS (SELECT 1 FROM "settings" s WHERE s."licence_id" = l."id" AND s."name" = 'retention_action');
