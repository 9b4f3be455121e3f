CREATE TABLE "newsletter_issue_visits" (
	"issue_id" uuid NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "newsletter_issue_visits_issue_id_day_pk" PRIMARY KEY("issue_id","day"),
	CONSTRAINT "newsletter_issue_visits_count" CHECK ("newsletter_issue_visits"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "newsletter_issue_visits" ADD CONSTRAINT "newsletter_issue_visits_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;