CREATE TABLE `revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer,
	`legal_id` integer,
	`user_id` integer,
	`user_email` text,
	`snapshot` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`legal_id`) REFERENCES `legal_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `revisions_post_idx` ON `revisions` (`post_id`,`id`);--> statement-breakpoint
CREATE INDEX `revisions_legal_idx` ON `revisions` (`legal_id`,`id`);--> statement-breakpoint
DROP INDEX `legal_created_idx`;--> statement-breakpoint
ALTER TABLE `legal_items` ADD `status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `legal_items` ADD `publish_at` integer;--> statement-breakpoint
ALTER TABLE `legal_items` ADD `body_en` text;--> statement-breakpoint
ALTER TABLE `legal_items` ADD `body_fa` text;--> statement-breakpoint
ALTER TABLE `legal_items` ADD `media_alt_en` text;--> statement-breakpoint
ALTER TABLE `legal_items` ADD `media_alt_fa` text;--> statement-breakpoint
ALTER TABLE `legal_items` ADD `media_caption_en` text;--> statement-breakpoint
ALTER TABLE `legal_items` ADD `media_caption_fa` text;--> statement-breakpoint
ALTER TABLE `legal_items` ADD `media_credit` text;--> statement-breakpoint
CREATE INDEX `legal_status_created_idx` ON `legal_items` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `legal_scheduled_idx` ON `legal_items` (`status`,`publish_at`);--> statement-breakpoint
DROP INDEX `posts_kind_created_idx`;--> statement-breakpoint
DROP INDEX `posts_kind_category_created_idx`;--> statement-breakpoint
DROP INDEX `posts_kind_country_created_idx`;--> statement-breakpoint
DROP INDEX `posts_kind_category_country_created_idx`;--> statement-breakpoint
ALTER TABLE `posts` ADD `status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `publish_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `body_en` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `body_fa` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `image_alt_en` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `image_alt_fa` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `image_caption_en` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `image_caption_fa` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `image_credit` text;--> statement-breakpoint
CREATE INDEX `posts_kind_status_created_idx` ON `posts` (`kind`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_kind_status_category_created_idx` ON `posts` (`kind`,`status`,`category`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_kind_status_country_created_idx` ON `posts` (`kind`,`status`,`country`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_kind_status_category_country_created_idx` ON `posts` (`kind`,`status`,`category`,`country`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_scheduled_idx` ON `posts` (`status`,`publish_at`);