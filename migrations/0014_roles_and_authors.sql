ALTER TABLE `legal_items` ADD `created_by` integer;--> statement-breakpoint
ALTER TABLE `legal_items` ADD `review_requested_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `created_by` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `review_requested_at` integer;