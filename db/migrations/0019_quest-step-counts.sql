CREATE TABLE "questionnaire_step_counts" (
	"day" date NOT NULL,
	"step" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "questionnaire_step_counts_day_step_pk" PRIMARY KEY("day","step"),
	CONSTRAINT "questionnaire_step_counts_count" CHECK ("questionnaire_step_counts"."count" >= 0)
);
