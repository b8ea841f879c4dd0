CREATE TABLE "saved_search_views" (
	"saved_search_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_search_views_saved_search_id_user_id_pk" PRIMARY KEY("saved_search_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"licence_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"in_cvs" boolean DEFAULT false NOT NULL,
	"source" text,
	"legal_basis" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_search_views" ADD CONSTRAINT "saved_search_views_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_views" ADD CONSTRAINT "saved_search_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_views_user_idx" ON "saved_search_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_searches_owner_idx" ON "saved_searches" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "saved_searches_licence_shared_idx" ON "saved_searches" USING btree ("licence_id","shared","id");