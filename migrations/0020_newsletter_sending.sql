CREATE TABLE `newsletter_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`newsletter_id` integer NOT NULL,
	`subscriber_id` integer,
	`language` text NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_at` integer NOT NULL,
	`lease_until` integer,
	`error` text,
	`sent_at` integer,
	FOREIGN KEY (`newsletter_id`) REFERENCES `newsletters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscriber_id`) REFERENCES `newsletter_subscribers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_deliveries_reader_idx` ON `newsletter_deliveries` (`newsletter_id`,`subscriber_id`);--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_due_idx` ON `newsletter_deliveries` (`state`,`next_at`);--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_subscriber_idx` ON `newsletter_deliveries` (`subscriber_id`);--> statement-breakpoint
CREATE TABLE `newsletters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subject_en` text DEFAULT '' NOT NULL,
	`subject_fa` text DEFAULT '' NOT NULL,
	`body_en` text,
	`body_fa` text,
	`item_ids` text DEFAULT '[]' NOT NULL,
	`state` text DEFAULT 'draft' NOT NULL,
	`recipients` integer DEFAULT 0 NOT NULL,
	`created_by` integer,
	`started_at` integer,
	`finished_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `newsletters_created_idx` ON `newsletters` (`created_at`,`id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_newsletter_subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text,
	`language` text DEFAULT 'en' NOT NULL,
	`state` text DEFAULT 'confirmed' NOT NULL,
	`confirm_wanted_at` integer,
	`confirm_sent_at` integer,
	`confirm_token_hash` text,
	`confirm_attempts` integer DEFAULT 0 NOT NULL,
	`confirm_next_at` integer,
	`confirm_lease_until` integer,
	`unsubscribe_token` text,
	`permanent_failures` integer DEFAULT 0 NOT NULL,
	`confirmed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_newsletter_subscribers`("id", "email", "created_at", "updated_at") SELECT "id", "email", "created_at", "updated_at" FROM `newsletter_subscribers`;--> statement-breakpoint
DROP TABLE `newsletter_subscribers`;--> statement-breakpoint
ALTER TABLE `__new_newsletter_subscribers` RENAME TO `newsletter_subscribers`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_email_idx` ON `newsletter_subscribers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_unsubscribe_idx` ON `newsletter_subscribers` (`unsubscribe_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_confirm_idx` ON `newsletter_subscribers` (`confirm_token_hash`);--> statement-breakpoint
CREATE INDEX `newsletter_created_idx` ON `newsletter_subscribers` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `newsletter_state_idx` ON `newsletter_subscribers` (`state`,`language`);