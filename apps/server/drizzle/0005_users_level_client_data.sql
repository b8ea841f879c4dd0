ALTER TABLE "user_client_data" ADD COLUMN "sf_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "level" text DEFAULT 'manager' NOT NULL;--> statement-breakpoint
-- The Salesforce ID moves from the user to their client-data record (decision on client data): keep the values.
INSERT INTO "user_client_data" ("user_id", "licence_id", "sf_id")
  SELECT "id", "licence_id", "sf_id" FROM "users" WHERE "sf_id" IS NOT NULL
  ON CONFLICT ("user_id") DO UPDATE SET "sf_id" = EXCLUDED."sf_id";--> statement-breakpoint
ALTER TABLE "user_client_data" DROP COLUMN "data";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "sf_id";
