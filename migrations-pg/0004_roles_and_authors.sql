ALTER TABLE "legal_items" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "legal_items" ADD COLUMN "review_requested_at" bigint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "review_requested_at" bigint;