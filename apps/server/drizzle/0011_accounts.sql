DROP INDEX "users_email_unique";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_sealed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Accounts that exist at migration worked before any proof was asked: they count as confirmed.
UPDATE "users" SET "confirmed_at" = now();--> statement-breakpoint
CREATE UNIQUE INDEX "users_licence_email_unique" ON "users" USING btree ("licence_id",lower("email"));--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));