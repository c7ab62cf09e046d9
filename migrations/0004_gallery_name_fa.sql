ALTER TABLE `gallery_items` ADD `name_fa` text;--> statement-breakpoint
-- Text stored before input was cleaned may hold direction overrides (U+202D, U+202E), which reverse what follows them on screen.
UPDATE `contact_messages` SET `name` = replace(replace(`name`, char(8237), ''), char(8238), ''), `message` = replace(replace(`message`, char(8237), ''), char(8238), '');--> statement-breakpoint
UPDATE `stories` SET `title` = replace(replace(`title`, char(8237), ''), char(8238), ''), `description` = replace(replace(`description`, char(8237), ''), char(8238), '');
