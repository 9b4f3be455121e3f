ALTER TABLE "held_submissions" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "held_submissions" ADD COLUMN "content_key" text;--> statement-breakpoint
CREATE INDEX "held_submissions_network_idx" ON "held_submissions" USING btree ("network");--> statement-breakpoint
CREATE INDEX "held_submissions_content_idx" ON "held_submissions" USING btree ("content_key");