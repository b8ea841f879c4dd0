CREATE TABLE "candidate_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "candidate_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"licence_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"job_application_id" integer,
	"text" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "careers_sites" (
	"licence_id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"colour" text DEFAULT '#364fc7' NOT NULL,
	"logo_key" text,
	"logo_media_type" text,
	"privacy_notice_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "careers_sites_slug" CHECK ("careers_sites"."slug" ~ '^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$'),
	CONSTRAINT "careers_sites_colour" CHECK ("careers_sites"."colour" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "job_offer_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_offer_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"licence_id" integer NOT NULL,
	"job_offer_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"choices" text[] DEFAULT '{}'::text[] NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	CONSTRAINT "job_offer_questions_kind" CHECK ("job_offer_questions"."kind" in ('short_text', 'long_text', 'yes_no', 'single_choice'))
);
--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "workplace" text DEFAULT 'on_site' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "contract_type" text;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "salary_min" integer;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "salary_max" integer;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "salary_currency" text;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "public_slug" text;--> statement-breakpoint
ALTER TABLE "job_offers" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidate_consents" ADD CONSTRAINT "candidate_consents_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_consents" ADD CONSTRAINT "candidate_consents_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_consents" ADD CONSTRAINT "candidate_consents_job_application_id_job_applications_id_fk" FOREIGN KEY ("job_application_id") REFERENCES "public"."job_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "careers_sites" ADD CONSTRAINT "careers_sites_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offer_questions" ADD CONSTRAINT "job_offer_questions_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offer_questions" ADD CONSTRAINT "job_offer_questions_job_offer_id_job_offers_id_fk" FOREIGN KEY ("job_offer_id") REFERENCES "public"."job_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_consents_candidate_idx" ON "candidate_consents" USING btree ("candidate_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "candidate_consents_licence_idx" ON "candidate_consents" USING btree ("licence_id");--> statement-breakpoint
CREATE INDEX "candidate_consents_application_idx" ON "candidate_consents" USING btree ("job_application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "careers_sites_slug_unique" ON "careers_sites" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "job_offer_questions_offer_idx" ON "job_offer_questions" USING btree ("job_offer_id","position");--> statement-breakpoint
CREATE INDEX "job_offer_questions_licence_idx" ON "job_offer_questions" USING btree ("licence_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_offers_public_slug_unique" ON "job_offers" USING btree ("licence_id","public_slug");--> statement-breakpoint
CREATE INDEX "job_offers_published_idx" ON "job_offers" USING btree ("licence_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "job_offers"."published" and not "job_offers"."archived";--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_workplace" CHECK ("job_offers"."workplace" in ('on_site', 'hybrid', 'remote'));--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_salary" CHECK (("job_offers"."salary_min" is null or "job_offers"."salary_min" >= 0) and ("job_offers"."salary_max" is null or "job_offers"."salary_min" is null or "job_offers"."salary_max" >= "job_offers"."salary_min"));