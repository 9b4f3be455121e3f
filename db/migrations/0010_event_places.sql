ALTER TABLE "signups" ADD COLUMN "event_key" text;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "waitlisted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "signups_event_idx" ON "signups" USING btree ("event_key","waitlisted");--> statement-breakpoint
-- Signups taken before events were kept in the database belong to the first event (its content key).
UPDATE "signups" SET "event_key" = '2025-05-18-playa-maderas' WHERE "form_name" = 'Nicaragua Signup Form' AND "event_key" IS NULL;
