-- Search on PostgreSQL (docs/decisions/025-search-on-postgresql.md). PostgreSQL has no Persian
-- stemmer and its triggers cannot call the site's JavaScript normaliser, so the work is split:
-- these triggers only note which items changed (search_pending), and the data layer, before each
-- COMMIT and still inside the transaction, reads the notes and writes the items' documents with
-- the same normaliser and the same tokenizer as SQLite's index (src/server/search/index-postgres.ts).
--
-- search_sources: the same view as SQLite's (migrations/0007): what each kind of item offers to
-- search and since when the public may find it (public_since NULL = never: a draft, a scheduled
-- item, a pending story). A story's text is Persian when it holds a letter of the Arabic block.
CREATE VIEW "search_sources" AS
SELECT "kind" AS "type", "id" AS "item_id", "country", "created_at" AS "date",
  CASE WHEN "status" = 'published' THEN "created_at" END AS "public_since",
  "title_en", "title_fa", "description_en" AS "body_en", "description_fa" AS "body_fa"
FROM "posts"
UNION ALL
SELECT 'legal', "id", NULL, "created_at", CASE WHEN "status" = 'published' THEN "created_at" END,
  "title_en", "title_fa", "description_en", "description_fa"
FROM "legal_items"
UNION ALL
SELECT 'story', "id", NULL, coalesce("published_at", "created_at"),
  CASE WHEN "status" = 'published' THEN coalesce("published_at", "created_at") END,
  CASE WHEN "title" ~ '[؀-ۿ]' THEN '' ELSE "title" END, CASE WHEN "title" ~ '[؀-ۿ]' THEN "title" ELSE '' END,
  CASE WHEN "description" ~ '[؀-ۿ]' THEN '' ELSE "description" END, CASE WHEN "description" ~ '[؀-ۿ]' THEN "description" ELSE '' END
FROM "stories"
UNION ALL
SELECT 'gallery', "id", NULL, "created_at", "created_at",
  CASE WHEN "name" ~ '[؀-ۿ]' THEN '' ELSE "name" END,
  coalesce(nullif("name_fa", ''), CASE WHEN "name" ~ '[؀-ۿ]' THEN "name" ELSE '' END), '', ''
FROM "gallery_items";
--> statement-breakpoint
-- One row per findable item. Ids follow indexing, as SQLite's row ids do: an item written again
-- is deleted and inserted, so "the newest MAX_RESULTS matches" means the same on both engines.
-- The normalised texts are kept for highlighting; `words` holds their tokens (titles weight A,
-- bodies B, other spellings C), cut and stemmed by SQLite's own tokenizer in the application, with
-- their positions, from which the engine counts each query phrase's hits for bm25.
CREATE TABLE "search_documents" (
  "id" bigserial PRIMARY KEY,
  "type" text NOT NULL,
  "item_id" integer NOT NULL,
  "country" text,
  "date" bigint NOT NULL,
  "public_since" bigint,
  "title_key_en" text NOT NULL,
  "title_key_fa" text NOT NULL,
  "title_en" text NOT NULL,
  "title_fa" text NOT NULL,
  "body_en" text NOT NULL,
  "body_fa" text NOT NULL,
  "spellings" text NOT NULL,
  "words" tsvector NOT NULL,
  -- Tokens in all the columns of SQLite's index, its facets included: bm25's document length.
  "length" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_documents_item_idx" ON "search_documents" ("type", "item_id");
--> statement-breakpoint
CREATE INDEX "search_documents_title_en_idx" ON "search_documents" ("title_key_en");
--> statement-breakpoint
CREATE INDEX "search_documents_title_fa_idx" ON "search_documents" ("title_key_fa");
--> statement-breakpoint
CREATE INDEX "search_documents_words_idx" ON "search_documents" USING gin ("words");
--> statement-breakpoint
-- Documents and tokens in all, which bm25 needs (average length) and FTS5 keeps in its own
-- structure record; kept by the same step that writes the documents.
CREATE TABLE "search_totals" (
  "id" integer PRIMARY KEY CHECK ("id" = 1),
  "documents" bigint NOT NULL,
  "tokens" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "search_totals" VALUES (1, 0, 0);
--> statement-breakpoint
-- Items changed by the open transaction. Emptied before every commit by the transaction itself,
-- so a committed row here only exists after a write made outside the data layer's transactions
-- (or by this migration, below); the next flush takes those too.
CREATE TABLE "search_pending" (
  "type" text NOT NULL,
  "item_id" integer NOT NULL,
  PRIMARY KEY ("type", "item_id")
);
--> statement-breakpoint
-- A post's type is its kind, which an update may change: the old and the new one are both noted.
CREATE FUNCTION "search_note_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "search_pending" VALUES (OLD."kind", OLD."id") ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "search_pending" VALUES (NEW."kind", NEW."id") ON CONFLICT DO NOTHING;
  END IF;
  -- Transaction-local: the data layer asks for it before COMMIT, so a transaction that changed no
  -- searchable item costs one setting read, not a table read.
  PERFORM set_config('site.search_pending', '1', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Legal items, stories and gallery items: the type is the trigger's argument.
CREATE FUNCTION "search_note_item"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "search_pending" VALUES (TG_ARGV[0], OLD."id") ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "search_pending" VALUES (TG_ARGV[0], NEW."id") ON CONFLICT DO NOTHING;
  END IF;
  PERFORM set_config('site.search_pending', '1', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_search" AFTER INSERT OR UPDATE OR DELETE ON "posts" FOR EACH ROW EXECUTE FUNCTION "search_note_post"();
--> statement-breakpoint
CREATE TRIGGER "legal_items_search" AFTER INSERT OR UPDATE OR DELETE ON "legal_items" FOR EACH ROW EXECUTE FUNCTION "search_note_item"('legal');
--> statement-breakpoint
CREATE TRIGGER "stories_search" AFTER INSERT OR UPDATE OR DELETE ON "stories" FOR EACH ROW EXECUTE FUNCTION "search_note_item"('story');
--> statement-breakpoint
CREATE TRIGGER "gallery_items_search" AFTER INSERT OR UPDATE OR DELETE ON "gallery_items" FOR EACH ROW EXECUTE FUNCTION "search_note_item"('gallery');
--> statement-breakpoint
-- What was there before this migration: noted here, indexed by the migration step that follows
-- it in the application (db/postgres-engine.ts), which can run the normaliser.
INSERT INTO "search_pending" ("type", "item_id") SELECT "type", "item_id" FROM "search_sources";
