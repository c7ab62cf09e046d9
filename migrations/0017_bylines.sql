ALTER TABLE `legal_items` ADD `byline` text DEFAULT 'author' NOT NULL;--> statement-breakpoint
CREATE INDEX `legal_author_created_idx` ON `legal_items` (`created_by`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `posts` ADD `byline` text DEFAULT 'author' NOT NULL;--> statement-breakpoint
CREATE INDEX `posts_author_created_idx` ON `posts` (`created_by`,`kind`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `users` ADD `public_name_en` text;--> statement-breakpoint
ALTER TABLE `users` ADD `public_name_fa` text;