ALTER TABLE "gallery_items" ADD COLUMN "alt_en" text;--> statement-breakpoint
ALTER TABLE "gallery_items" ADD COLUMN "alt_fa" text;--> statement-breakpoint
ALTER TABLE "gallery_items" ADD COLUMN "caption_en" text;--> statement-breakpoint
ALTER TABLE "gallery_items" ADD COLUMN "caption_fa" text;--> statement-breakpoint
ALTER TABLE "legal_items" ADD COLUMN "media_credit_fa" text;--> statement-breakpoint
ALTER TABLE "legal_items" ADD COLUMN "slug_en" text;--> statement-breakpoint
ALTER TABLE "legal_items" ADD COLUMN "slug_fa" text;--> statement-breakpoint
ALTER TABLE "legal_items" ADD COLUMN "summary_en" text;--> statement-breakpoint
ALTER TABLE "legal_items" ADD COLUMN "summary_fa" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "image_credit_fa" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "slug_en" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "slug_fa" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "summary_en" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "summary_fa" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "in_library" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "uploaded_by" integer;--> statement-breakpoint
CREATE INDEX "uploads_library_idx" ON "uploads" USING btree ("in_library","created_at","id");--> statement-breakpoint
UPDATE posts SET image_credit_fa = image_credit WHERE image_credit IS NOT NULL;--> statement-breakpoint
UPDATE legal_items SET media_credit_fa = media_credit WHERE media_credit IS NOT NULL;--> statement-breakpoint
UPDATE uploads SET in_library = 1 WHERE kind = 'image' AND (
  path IN (SELECT image FROM posts) OR path IN (SELECT media FROM legal_items WHERE media IS NOT NULL) OR path IN (SELECT image FROM gallery_items WHERE image IS NOT NULL)
  OR EXISTS (SELECT 1 FROM posts WHERE posts.body_en LIKE '%"' || uploads.path || '"%' OR posts.body_fa LIKE '%"' || uploads.path || '"%')
  OR EXISTS (SELECT 1 FROM legal_items WHERE legal_items.body_en LIKE '%"' || uploads.path || '"%' OR legal_items.body_fa LIKE '%"' || uploads.path || '"%')
);
