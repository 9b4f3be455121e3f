CREATE TABLE "content_file_data" (
	"file_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "content_file_data_file_id_variant_pk" PRIMARY KEY("file_id","variant")
);
--> statement-breakpoint
ALTER TABLE "download_grants" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "download_grants" ADD COLUMN "token" text NOT NULL;--> statement-breakpoint
ALTER TABLE "content_file_data" ADD CONSTRAINT "content_file_data_file_id_content_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."content_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "download_grants_token_uq" ON "download_grants" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "download_grants_subscriber_article_uq" ON "download_grants" USING btree ("subscriber_id","article_key");