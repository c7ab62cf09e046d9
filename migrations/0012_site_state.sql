CREATE TABLE `site_state` (
	`key` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
