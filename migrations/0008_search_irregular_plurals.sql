-- The search normaliser now indexes the singular of an irregular English plural ("woman" beside
-- "women") in the `spellings` column (src/shared/search-text.ts). Every row goes through its
-- search trigger once (0005), so the index agrees with the normaliser; nothing else changes.
UPDATE `posts` SET `status` = `status`;--> statement-breakpoint
UPDATE `legal_items` SET `status` = `status`;--> statement-breakpoint
UPDATE `stories` SET `status` = `status`;--> statement-breakpoint
UPDATE `gallery_items` SET `name` = `name`;
