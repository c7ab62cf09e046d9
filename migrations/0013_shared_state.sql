CREATE TABLE `guard_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`since` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `guard_counters_expires_idx` ON `guard_counters` (`expires_at`);--> statement-breakpoint
CREATE TABLE `setup_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`armed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `site_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
