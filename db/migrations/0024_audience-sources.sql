ALTER TABLE "newsletter_issues" ADD COLUMN "segment_sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Hand-written: an issue's one source (null: everyone) becomes a list of one (empty: everyone). The
-- old column stays for one release (db/schema.ts, formerSegment).
UPDATE "newsletter_issues" SET "segment_sources" = jsonb_build_array("segment") WHERE "segment" IS NOT NULL;
