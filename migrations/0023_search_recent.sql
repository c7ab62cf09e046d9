-- The newest documents of the search index again, in an index of their own (docs/decisions/052).
-- bm25 counts every document holding each word of a query, so on a large site ranking a word that
-- most items hold costs in proportion to the site. The search ranks in this small index when the
-- newest matches it ranks are all here: they are the very ones the whole index would rank (it holds
-- every document newer than its oldest), and only the counts behind relevance come from the newest
-- documents (src/server/search/engine.ts).
--
-- It holds the 5,000 newest search_documents (the OFFSET below), with the same text, tokenizer and
-- secure-delete as search_index.
CREATE VIRTUAL TABLE `search_recent` USING fts5(
  `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO `search_recent` (`search_recent`, `rank`) VALUES ('secure-delete', 1);
--> statement-breakpoint
-- A new document always takes the highest id, so trimming below the 5,000th newest keeps this index
-- exactly the documents from its oldest on. (A NULL bound would make FTS5 scan the whole index.)
CREATE TRIGGER `search_documents_recent_ai` AFTER INSERT ON `search_documents` BEGIN
  DELETE FROM `search_recent` WHERE `rowid` < coalesce((SELECT `id` FROM `search_documents` ORDER BY `id` DESC LIMIT 1 OFFSET 4999), 0);
END;
--> statement-breakpoint
CREATE TRIGGER `search_documents_recent_ad` AFTER DELETE ON `search_documents` BEGIN
  DELETE FROM `search_recent` WHERE `rowid` = OLD.`id`;
END;
--> statement-breakpoint
-- Each item's triggers (0005) copy its new document from search_index once it is there.
DROP TRIGGER `gallery_items_search_ai`;
--> statement-breakpoint
CREATE TRIGGER `gallery_items_search_ai` AFTER INSERT ON `gallery_items` BEGIN
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = 'gallery' AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = 'gallery' AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = 'gallery' AND `item_id` = NEW.`id`;
  INSERT INTO `search_recent` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT `rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets` FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = 'gallery' AND `item_id` = NEW.`id`);
END;
--> statement-breakpoint
DROP TRIGGER `gallery_items_search_au`;
--> statement-breakpoint
CREATE TRIGGER `gallery_items_search_au` AFTER UPDATE ON `gallery_items` BEGIN
  DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = 'gallery' AND `item_id` = OLD.`id`);
  DELETE FROM `search_documents` WHERE `type` = 'gallery' AND `item_id` = OLD.`id`;
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = 'gallery' AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = 'gallery' AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = 'gallery' AND `item_id` = NEW.`id`;
  INSERT INTO `search_recent` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT `rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets` FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = 'gallery' AND `item_id` = NEW.`id`);
END;
--> statement-breakpoint
DROP TRIGGER `legal_items_search_ai`;
--> statement-breakpoint
CREATE TRIGGER `legal_items_search_ai` AFTER INSERT ON `legal_items` BEGIN
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = 'legal' AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = 'legal' AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = 'legal' AND `item_id` = NEW.`id`;
  INSERT INTO `search_recent` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT `rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets` FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = 'legal' AND `item_id` = NEW.`id`);
END;
--> statement-breakpoint
DROP TRIGGER `legal_items_search_au`;
--> statement-breakpoint
CREATE TRIGGER `legal_items_search_au` AFTER UPDATE ON `legal_items` BEGIN
  DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = 'legal' AND `item_id` = OLD.`id`);
  DELETE FROM `search_documents` WHERE `type` = 'legal' AND `item_id` = OLD.`id`;
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = 'legal' AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = 'legal' AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = 'legal' AND `item_id` = NEW.`id`;
  INSERT INTO `search_recent` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT `rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets` FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = 'legal' AND `item_id` = NEW.`id`);
END;
--> statement-breakpoint
DROP TRIGGER `posts_search_ai`;
--> statement-breakpoint
CREATE TRIGGER `posts_search_ai` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = NEW.`kind` AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = NEW.`kind` AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = NEW.`kind` AND `item_id` = NEW.`id`;
  INSERT INTO `search_recent` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT `rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets` FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = NEW.`kind` AND `item_id` = NEW.`id`);
END;
--> statement-breakpoint
DROP TRIGGER `posts_search_au`;
--> statement-breakpoint
CREATE TRIGGER `posts_search_au` AFTER UPDATE ON `posts` BEGIN
  DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = OLD.`kind` AND `item_id` = OLD.`id`);
  DELETE FROM `search_documents` WHERE `type` = OLD.`kind` AND `item_id` = OLD.`id`;
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = NEW.`kind` AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = NEW.`kind` AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = NEW.`kind` AND `item_id` = NEW.`id`;
  INSERT INTO `search_recent` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT `rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets` FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = NEW.`kind` AND `item_id` = NEW.`id`);
END;
--> statement-breakpoint
DROP TRIGGER `stories_search_ai`;
--> statement-breakpoint
CREATE TRIGGER `stories_search_ai` AFTER INSERT ON `stories` BEGIN
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = 'story' AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = 'story' AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = 'story' AND `item_id` = NEW.`id`;
  INSERT INTO `search_recent` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT `rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets` FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = 'story' AND `item_id` = NEW.`id`);
END;
--> statement-breakpoint
DROP TRIGGER `stories_search_au`;
--> statement-breakpoint
CREATE TRIGGER `stories_search_au` AFTER UPDATE ON `stories` BEGIN
  DELETE FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = 'story' AND `item_id` = OLD.`id`);
  DELETE FROM `search_documents` WHERE `type` = 'story' AND `item_id` = OLD.`id`;
  INSERT INTO `search_documents` (`type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa`)
    SELECT `type`, `item_id`, `country`, `date`, `public_since`, `title_key_en`, `title_key_fa` FROM `search_meta` WHERE `type` = 'story' AND `item_id` = NEW.`id`;
  INSERT INTO `search_index` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT (SELECT `id` FROM `search_documents` WHERE `type` = 'story' AND `item_id` = NEW.`id`), `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`
    FROM `search_texts` WHERE `type` = 'story' AND `item_id` = NEW.`id`;
  INSERT INTO `search_recent` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
    SELECT `rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets` FROM `search_index` WHERE `rowid` = (SELECT `id` FROM `search_documents` WHERE `type` = 'story' AND `item_id` = NEW.`id`);
END;

--> statement-breakpoint
INSERT INTO `search_recent` (`rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets`)
SELECT `rowid`, `title_en`, `title_fa`, `body_en`, `body_fa`, `spellings`, `facets` FROM `search_index`
WHERE `rowid` >= coalesce((SELECT `id` FROM `search_documents` ORDER BY `id` DESC LIMIT 1 OFFSET 4999), 0);
