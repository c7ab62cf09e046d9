-- An item's publication status alone decides whether the public may find it. The index used to
-- compare public_since with the machine's clock when a row was written, so an item published by
-- the scheduler (whose clock the site owns, and tests control) could stay hidden from search while
-- every page showed it. public_since still orders results; NULL still means never public.
DROP VIEW `search_texts`;--> statement-breakpoint
CREATE VIEW `search_texts` AS
SELECT `type`, `item_id`,
  search_text(`title_en`) AS `title_en`, search_text(`title_fa`) AS `title_fa`,
  search_text(`body_en`) AS `body_en`, search_text(`body_fa`) AS `body_fa`,
  search_spellings(`title_en` || ' ' || `title_fa` || ' ' || `body_en` || ' ' || `body_fa`) AS `spellings`,
  CASE WHEN `public_since` IS NOT NULL THEN '' ELSE 'facethidden ' END
    || 'facettype' || `type` || coalesce(' facetcountry' || `country`, '') AS `facets`
FROM `search_sources`;--> statement-breakpoint
-- Every row through its search trigger once (0005), so the index agrees with the new view.
UPDATE `posts` SET `status` = `status`;--> statement-breakpoint
UPDATE `legal_items` SET `status` = `status`;--> statement-breakpoint
UPDATE `stories` SET `status` = `status`;--> statement-breakpoint
UPDATE `gallery_items` SET `name` = `name`;
