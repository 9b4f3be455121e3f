ALTER TABLE "session" ADD COLUMN "trusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
-- Sessions that passed the second factor before this column existed were checked when they began.
UPDATE "session" SET "verified_at" = "created_at" WHERE "aal" = 'aal2';
