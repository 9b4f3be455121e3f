CREATE TABLE "newsletter_subscriber_tags" (
	"subscriber_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "newsletter_subscriber_tags_subscriber_id_tag_id_pk" PRIMARY KEY("subscriber_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"auto_sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD COLUMN "segment_tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "suppression_lifted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "suppression_lifted_reason" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "suppression_lift_note" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_ground" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_note" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriber_tags" ADD CONSTRAINT "newsletter_subscriber_tags_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriber_tags" ADD CONSTRAINT "newsletter_subscriber_tags_tag_id_newsletter_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."newsletter_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_subscriber_tags_tag_idx" ON "newsletter_subscriber_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_tags_name_uq" ON "newsletter_tags" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "newsletter_created_id_idx" ON "newsletter_subscribers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "newsletter_search_email_idx" ON "newsletter_subscribers" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "newsletter_search_name_idx" ON "newsletter_subscribers" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "newsletter_source_idx" ON "newsletter_subscribers" USING btree ("source");