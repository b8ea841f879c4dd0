CREATE TABLE "candidate_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "candidate_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"licence_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"uploader_id" integer,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"is_cv" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "candidate_files" ADD CONSTRAINT "candidate_files_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_files" ADD CONSTRAINT "candidate_files_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_files" ADD CONSTRAINT "candidate_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_files_candidate_idx" ON "candidate_files" USING btree ("candidate_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "candidate_files_licence_idx" ON "candidate_files" USING btree ("licence_id");--> statement-breakpoint
CREATE INDEX "candidate_files_uploader_idx" ON "candidate_files" USING btree ("uploader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "candidate_files_one_cv" ON "candidate_files" USING btree ("candidate_id") WHERE "candidate_files"."is_cv";