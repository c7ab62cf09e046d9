ALTER TABLE `audit_log` ADD `attempts` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `audit_action_at_idx` ON `audit_log` (`action`,`at`);