ALTER TABLE "legal_items" ADD COLUMN "byline" text DEFAULT 'author' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "byline" text DEFAULT 'author' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "public_name_en" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "public_name_fa" text;--> statement-breakpoint
CREATE INDEX "legal_author_created_idx" ON "legal_items" USING btree ("created_by","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_author_created_idx" ON "posts" USING btree ("created_by","kind","created_at","id");