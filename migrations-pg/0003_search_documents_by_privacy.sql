-- Submitted stories' search documents in a partition of their own, the public items' in another.
-- Erasing a deleted story (docs/decisions/024) rewrites the table that held its words with VACUUM
-- FULL, under a lock every search of that table waits for: with one table, every public item's
-- document was rewritten after each story's delete (about 0.6 s of stalled searches per 10,000
-- items). Queries name the parent table and do not change; ids still come from one sequence, in
-- the order of indexing.
ALTER SEQUENCE "search_documents_id_seq" OWNED BY NONE;
--> statement-breakpoint
ALTER TABLE "search_documents" RENAME TO "search_documents_unsplit";
--> statement-breakpoint
DROP INDEX "search_documents_item_idx";
--> statement-breakpoint
DROP INDEX "search_documents_title_en_idx";
--> statement-breakpoint
DROP INDEX "search_documents_title_fa_idx";
--> statement-breakpoint
DROP INDEX "search_documents_words_idx";
--> statement-breakpoint
ALTER TABLE "search_documents_unsplit" RENAME CONSTRAINT "search_documents_pkey" TO "search_documents_unsplit_pkey";
--> statement-breakpoint
CREATE TABLE "search_documents" (
  "id" bigint NOT NULL DEFAULT nextval('search_documents_id_seq'),
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
  "length" integer NOT NULL,
  PRIMARY KEY ("id", "type")
) PARTITION BY LIST ("type");
--> statement-breakpoint
CREATE TABLE "search_documents_stories" PARTITION OF "search_documents" FOR VALUES IN ('story');
--> statement-breakpoint
CREATE TABLE "search_documents_items" PARTITION OF "search_documents" DEFAULT;
--> statement-breakpoint
CREATE UNIQUE INDEX "search_documents_item_idx" ON "search_documents" ("type", "item_id");
--> statement-breakpoint
CREATE INDEX "search_documents_title_en_idx" ON "search_documents" ("title_key_en");
--> statement-breakpoint
CREATE INDEX "search_documents_title_fa_idx" ON "search_documents" ("title_key_fa");
--> statement-breakpoint
CREATE INDEX "search_documents_words_idx" ON "search_documents" USING gin ("words");
--> statement-breakpoint
INSERT INTO "search_documents" SELECT * FROM "search_documents_unsplit";
--> statement-breakpoint
DROP TABLE "search_documents_unsplit";
--> statement-breakpoint
ALTER SEQUENCE "search_documents_id_seq" OWNED BY "search_documents"."id";
