-- Search (docs/decisions/014-search-index.md). The text functions are registered on every
-- connection by openDatabase (src/server/db/search-functions.ts); this migration needs them too.
--
-- search_sources: what each kind of item offers to search, and since when the public may find it
-- (public_since NULL = never: a pending story; drafts will say so here too). It is the one place
-- that decides an item's searchable text (its plain text) and its visibility.
CREATE VIEW `search_sources` AS
SELECT `kind` AS `type`, `id` AS `item_id`, `country`, `created_at` AS `date`, `created_at` AS `public_since`,
  `title_en`, `title_fa`, `description_en` AS `body_en`, `description_fa` AS `body_fa`
FROM `posts`
UNION ALL
SELECT 'legal', `id`, NULL, `created_at`, `created_at`, `title_en`, `title_fa`, `description_en`, `description_fa`
FROM `legal_items`
UNION ALL
SELECT 'story', `id`, NULL, coalesce(`published_at`, `created_at`),
  CASE WHEN `status` = 'published' THEN coalesce(`published_at`, `created_at`) END,
  CASE WHEN `title` GLOB '*[؀-ۿ]*' THEN '' ELSE `title` END, CASE WHEN `title` GLOB '*[؀-ۿ]*' THEN `title` ELSE '' END,
  CASE WHEN `description` GLOB '*[؀-ۿ]*' THEN '' ELSE `description` END, CASE WHEN `description` GLOB '*[؀-ۿ]*' THEN `description` ELSE '' END
FROM `stories`
UNION ALL
SELECT 'gallery', `id`, NULL, `created_at`, `created_at`,
  CASE WHEN `name` GLOB '*[؀-ۿ]*' THEN '' ELSE `name` END,
  coalesce(nullif(`name_fa`, ''), CASE WHEN `name` GLOB '*[؀-ۿ]*' THEN `name` ELSE '' END), '', ''
FROM `gallery_items`;
--> statement-breakpoint
-- search_meta: what ranking and filtering need, small, so reading it for a thousand candidates is cheap.
CREATE VIEW `search_meta` AS
SELECT `type`, `item_id`, `country`, `date`, `public_since`, search_key(`title_en`) AS `title_key_en`, search_key(`title_fa`) AS `title_key_fa`
FROM `search_sources`;
--> statement-breakpoint
-- search_texts: the normalised text, and the facets (visibility, kind, country) as tokens of their
-- own column, so the index alone answers a filtered query without reading another table per match.
CREATE VIEW `search_texts` AS
SELECT `type`, `item_id`,
  search_text(`title_en`) AS `title_en`, search_text(`title_fa`) AS `title_fa`,
  search_text(`body_en`) AS `body_en`, search_text(`body_fa`) AS `body_fa`,
  search_spellings(`title_en` || ' ' || `title_fa` || ' ' || `body_en` || ' ' || `body_fa`) AS `spellings`,
  CASE WHEN `public_since` IS NOT NULL AND `public_since` <= unixepoch('subsec') * 1000 THEN '' ELSE 'facethidden ' END
    || 'facettype' || `type` || coalesce(' facetcountry' || `country`, '') AS `facets`
FROM `search_sources`;
--> statement-breakpoint
CREATE TABLE `search_documents` (
  `id` integer PRIMARY KEY,
  `type` text NOT NULL,
  `item_id` integer NOT NULL,
  `country` text,
  `date` integer NOT NULL,
  `public_since` integer,
  `title_key_en` text NOT NULL,
  `title_key_fa` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_documents_item_idx` ON `search_documents` (`type`, `item_id`);
--> statement-breakpoint
CREATE INDEX `search_documents_title_en_idx` ON `search_documents` (`title_key_en`);
--> statement-breakpoint
CREATE INDEX `search_documents_title_fa_idx` ON `search_documents` (`title_key_fa`);
--> statement-breakpoint
-- Row ids are search_documents ids. The index keeps its own copy of the normalised text, which
-- result snippets are cut from.
CREATE VIRTUAL TABLE `search_index` USING fts5(
  `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
-- Deleted text leaves the index's pages at once instead of at the next merge: deleted = gone.
INSERT INTO `search_index` (`search_index`, `rank`) VALUES ('secure-delete', 1);
--> statement-breakpoint
CREATE TRIGGER `posts_search_ai` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = NEW.`kind` AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = NEW.`kind` AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = NEW.`kind` AND `item_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_au` AFTER UPDATE ON `posts` BEGIN
  DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = OLD.`kind` AND `item_id` = OLD.`id`);
  DELETE FROM `search_documents` WHERE `type` = OLD.`kind` AND `item_id` = OLD.`id`;
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = NEW.`kind` AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = NEW.`kind` AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = NEW.`kind` AND `item_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_search_ad` AFTER DELETE ON `posts` BEGIN
  DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = OLD.`kind` AND `item_id` = OLD.`id`);
  DELETE FROM `search_documents` WHERE `type` = OLD.`kind` AND `item_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `legal_items_search_ai` AFTER INSERT ON `legal_items` BEGIN
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = 'legal' AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = 'legal' AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = 'legal' AND `item_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `legal_items_search_au` AFTER UPDATE ON `legal_items` BEGIN
  DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = 'legal' AND `item_id` = OLD.`id`);
  DELETE FROM `search_documents` WHERE `type` = 'legal' AND `item_id` = OLD.`id`;
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = 'legal' AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = 'legal' AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = 'legal' AND `item_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `legal_items_search_ad` AFTER DELETE ON `legal_items` BEGIN
  DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = 'legal' AND `item_id` = OLD.`id`);
  DELETE FROM `search_documents` WHERE `type` = 'legal' AND `item_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `stories_search_ai` AFTER INSERT ON `stories` BEGIN
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = 'story' AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = 'story' AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = 'story' AND `item_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `stories_search_au` AFTER UPDATE ON `stories` BEGIN
  DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = 'story' AND `item_id` = OLD.`id`);
  DELETE FROM `search_documents` WHERE `type` = 'story' AND `item_id` = OLD.`id`;
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = 'story' AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = 'story' AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = 'story' AND `item_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `stories_search_ad` AFTER DELETE ON `stories` BEGIN
  DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = 'story' AND `item_id` = OLD.`id`);
  DELETE FROM `search_documents` WHERE `type` = 'story' AND `item_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `gallery_items_search_ai` AFTER INSERT ON `gallery_items` BEGIN
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = 'gallery' AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = 'gallery' AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = 'gallery' AND `item_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `gallery_items_search_au` AFTER UPDATE ON `gallery_items` BEGIN
  DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = 'gallery' AND `item_id` = OLD.`id`);
  DELETE FROM `search_documents` WHERE `type` = 'gallery' AND `item_id` = OLD.`id`;
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = 'gallery' AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = 'gallery' AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = 'gallery' AND `item_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `gallery_items_search_ad` AFTER DELETE ON `gallery_items` BEGIN
  DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = 'gallery' AND `item_id` = OLD.`id`);
  DELETE FROM `search_documents` WHERE `type` = 'gallery' AND `item_id` = OLD.`id`;
END;
--> statement-breakpoint
-- What was there before this migration, oldest first, so row ids follow dates.
INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`) SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` ORDER BY `date`, `type`, `item_id`;
--> statement-breakpoint
INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
SELECT d.`id`, t.`title_en`, t.`title_fa`, t.`body_en`, t.`body_fa`, t.`spellings`, t.`facets`
FROM `search_documents` d JOIN `search_texts` t ON t.`type` = d.`type` AND t.`item_id` = d.`item_id`;
