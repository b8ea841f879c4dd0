CREATE TABLE "saved_search_alerted" (
	"saved_search_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"alerted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_alerted_saved_search_id_candidate_id_pk" PRIMARY KEY("saved_search_id","candidate_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "saved_search_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "match_count" integer;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "alert" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "alert_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "alerted_up_to" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "alert_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_search_alerted" ADD CONSTRAINT "saved_search_alerted_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_saved_search_idx" ON "notifications" USING btree ("saved_search_id");--> statement-breakpoint
CREATE INDEX "saved_searches_alerting_idx" ON "saved_searches" USING btree ("licence_id","id") WHERE "saved_searches"."alert" <> 'off';