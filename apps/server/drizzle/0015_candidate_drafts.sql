CREATE TABLE "candidate_drafts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "candidate_drafts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"licence_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"text" text,
	"detected" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_drafts_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "candidate_drafts" ADD CONSTRAINT "candidate_drafts_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_drafts" ADD CONSTRAINT "candidate_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_drafts_licence_idx" ON "candidate_drafts" USING btree ("licence_id");--> statement-breakpoint
CREATE INDEX "candidate_drafts_user_idx" ON "candidate_drafts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "candidate_drafts_created_idx" ON "candidate_drafts" USING btree ("created_at");