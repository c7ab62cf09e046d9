-- Search finds an item only in the languages it is written in (src/shared/item-languages.ts): a
-- facet per language, beside visibility, kind and country, so the index alone answers. A story
-- is shown in its author's language to every reader, so it carries both.
DROP VIEW `search_texts`;--> statement-breakpoint
CREATE VIEW `search_texts` AS
SELECT `type`, `item_id`,
  search_text(`title_en`) AS `title_en`, search_text(`title_fa`) AS `title_fa`,
  search_text(`body_en`) AS `body_en`, search_text(`body_fa`) AS `body_fa`,
  search_spellings(`title_en` || ' ' || `title_fa` || ' ' || `body_en` || ' ' || `body_fa`) AS `spellings`,
  CASE WHEN `public_since` IS NOT NULL THEN '' ELSE 'facethidden ' END
    || 'facettype' || `type` || coalesce(' facetcountry' || `country`, '')
    || CASE WHEN `type` = 'story' OR trim(`title_en`) <> '' THEN ' facetlangen' ELSE '' END
    || CASE WHEN `type` = 'story' OR trim(`title_fa`) <> '' THEN ' facetlangfa' ELSE '' END AS `facets`
FROM `search_sources`;--> statement-breakpoint
-- Every row through its search trigger once (0005), so the index agrees with the new view.
UPDATE `posts` SET `status` = `status`;--> statement-breakpoint
UPDATE `legal_items` SET `status` = `status`;--> statement-breakpoint
UPDATE `stories` SET `status` = `status`;--> statement-breakpoint
UPDATE `gallery_items` SET `name` = `name`;
