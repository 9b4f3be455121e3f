CREATE TABLE "held_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form" text NOT NULL,
	"reason" text NOT NULL,
	"elapsed_ms" integer,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "held_submissions_created_idx" ON "held_submissions" USING btree ("created_at" DESC NULLS LAST);