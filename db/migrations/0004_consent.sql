CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_id" uuid,
	"signup_id" uuid,
	"action" text NOT NULL,
	"form" text NOT NULL,
	"page" text,
	"text_version" text NOT NULL,
	"network" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_one_subject" CHECK (num_nonnulls("consent_records"."subscriber_id", "consent_records"."signup_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_subscriber_idx" ON "consent_records" USING btree ("subscriber_id","created_at");--> statement-breakpoint
CREATE INDEX "consent_signup_idx" ON "consent_records" USING btree ("signup_id","created_at");