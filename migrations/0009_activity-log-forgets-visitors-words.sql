-- The activity log keeps the action and the id of a story, contact message or subscription an
-- editor acted on, never its words (title, name, address): those are the visitor's, and deleting
-- the item must leave nothing of them behind. Rows written before this rule lose their label; with
-- secure_delete on, the old text is overwritten in the file.
UPDATE `audit_log` SET `summary` = NULL WHERE `action` LIKE 'stories.%' OR `action` LIKE 'contacts.%' OR `action` LIKE 'newsletter.%';
