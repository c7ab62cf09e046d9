CREATE TABLE `cdn_purges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`keys` text NOT NULL,
	`paths` text NOT NULL,
	`created_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_at` integer NOT NULL,
	`lease_until` integer,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `cdn_purges_due_idx` ON `cdn_purges` (`next_at`);