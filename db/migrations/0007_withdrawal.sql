ALTER TABLE "orders" ADD COLUMN "start_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "start_request_text" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
-- Orders settled before order confirmations existed get none now, years late: mark them as done.
UPDATE "orders" SET "confirmation_sent_at" = "updated_at" WHERE "status" <> 'pending';
