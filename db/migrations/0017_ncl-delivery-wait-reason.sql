ALTER TABLE "newsletter_deliveries" ADD COLUMN "wait_reason" text;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
-- The refusal banner of an issue the mail server has since accepted (decision 064): its cause is gone.
UPDATE "newsletter_issues" SET "problem" = NULL WHERE "problem" IS NOT NULL AND EXISTS (SELECT 1 FROM "newsletter_deliveries" d WHERE d."issue_id" = "newsletter_issues"."id" AND d."state" = 'sent');
