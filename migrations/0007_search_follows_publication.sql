-- Search finds only what the public may see: news, articles, reports and legal items now have a
-- publication status (0006), so a draft, a scheduled or an unpublished item is indexed as not
-- public (public_since NULL), exactly like a pending story. The view stays the one place that
-- decides visibility (docs/decisions/014-search-index.md); the triggers of 0005 re-index a row on
-- every update, so the scheduler's status change makes an item findable in the same statement.
DROP VIEW `search_sources`;--> statement-breakpoint
CREATE VIEW `search_sources` AS
SELECT `kind` AS `type`, `id` AS `item_id`, `country`, `created_at` AS `date`,
  CASE WHEN `status` = 'published' THEN `created_at` END AS `public_since`,
  `title_en`, `title_fa`, `description_en` AS `body_en`, `description_fa` AS `body_fa`
FROM `posts`
UNION ALL
SELECT 'legal', `id`, NULL, `created_at`, CASE WHEN `status` = 'published' THEN `created_at` END,
  `title_en`, `title_fa`, `description_en`, `description_fa`
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
FROM `gallery_items`;--> statement-breakpoint
-- Every existing row through the triggers once, so the index agrees with the new view.
UPDATE `posts` SET `status` = `status`;--> statement-breakpoint
UPDATE `legal_items` SET `status` = `status`;
