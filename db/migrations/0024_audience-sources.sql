ALTER TABLE "newsletter_issues" ADD COLUMN "segment_sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Hand-written: an issue's one source (null: everyone) becomes a list of one (empty: everyone).
UPDATE "newsletter_issues" SET "segment_sources" = jsonb_build_array("segment") WHERE "segment" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_issues" DROP COLUMN "segment";
