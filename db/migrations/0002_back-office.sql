CREATE INDEX "signups_search_email_idx" ON "signups" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "signups_search_first_idx" ON "signups" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "signups_search_last_idx" ON "signups" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "signups_search_full_idx" ON "signups" USING btree (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')) text_pattern_ops);