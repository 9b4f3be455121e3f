CREATE TABLE "web_vitals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"route" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"rating" text NOT NULL,
	"device" text NOT NULL,
	"target" text,
	"day" date NOT NULL,
	CONSTRAINT "web_vitals_metric" CHECK ("web_vitals"."metric" in ('LCP', 'INP', 'CLS')),
	CONSTRAINT "web_vitals_rating" CHECK ("web_vitals"."rating" in ('good', 'needs-improvement', 'poor')),
	CONSTRAINT "web_vitals_device" CHECK ("web_vitals"."device" in ('phone', 'tablet', 'desktop')),
	CONSTRAINT "web_vitals_value" CHECK ("web_vitals"."value" >= 0)
);
--> statement-breakpoint
CREATE INDEX "web_vitals_day_idx" ON "web_vitals" USING btree ("day");--> statement-breakpoint
CREATE INDEX "web_vitals_metric_route_idx" ON "web_vitals" USING btree ("metric","route","device");