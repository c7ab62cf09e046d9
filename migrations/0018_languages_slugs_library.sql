ALTER TABLE `gallery_items` ADD `alt_en` text;--> statement-breakpoint
ALTER TABLE `gallery_items` ADD `alt_fa` text;--> statement-breakpoint
ALTER TABLE `gallery_items` ADD `caption_en` text;--> statement-breakpoint
ALTER TABLE `gallery_items` ADD `caption_fa` text;--> statement-breakpoint
ALTER TABLE `legal_items` ADD `media_credit_fa` text;--> statement-breakpoint
ALTER TABLE `legal_items` ADD `slug_en` text;--> statement-breakpoint
ALTER TABLE `legal_items` ADD `slug_fa` text;--> statement-breakpoint
ALTER TABLE `legal_items` ADD `summary_en` text;--> statement-breakpoint
ALTER TABLE `legal_items` ADD `summary_fa` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `image_credit_fa` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `slug_en` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `slug_fa` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `summary_en` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `summary_fa` text;--> statement-breakpoint
ALTER TABLE `uploads` ADD `in_library` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `uploads` ADD `description` text;--> statement-breakpoint
ALTER TABLE `uploads` ADD `uploaded_by` integer;--> statement-breakpoint
CREATE INDEX `uploads_library_idx` ON `uploads` (`in_library`,`created_at`,`id`);--> statement-breakpoint
UPDATE posts SET image_credit_fa = image_credit WHERE image_credit IS NOT NULL;--> statement-breakpoint
UPDATE legal_items SET media_credit_fa = media_credit WHERE media_credit IS NOT NULL;--> statement-breakpoint
UPDATE uploads SET in_library = 1 WHERE kind = 'image' AND (
  path IN (SELECT image FROM posts) OR path IN (SELECT media FROM legal_items WHERE media IS NOT NULL) OR path IN (SELECT image FROM gallery_items WHERE image IS NOT NULL)
  OR EXISTS (SELECT 1 FROM posts WHERE posts.body_en LIKE '%"' || uploads.path || '"%' OR posts.body_fa LIKE '%"' || uploads.path || '"%')
  OR EXISTS (SELECT 1 FROM legal_items WHERE legal_items.body_en LIKE '%"' || uploads.path || '"%' OR legal_items.body_fa LIKE '%"' || uploads.path || '"%')
);
