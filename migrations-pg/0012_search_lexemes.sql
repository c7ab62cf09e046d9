-- How many search documents hold each word: bm25's document frequency (src/server/search/bm25.ts).
-- Counting it at each search read every document holding a common word (زنان, "women"): a search
-- took a second and a half on 100,000 items. Kept by the step that writes the documents
-- (src/server/search/index-postgres.ts), as search_totals is; a word no document holds any more
-- is deleted, and erasing a story rewrites this table too (src/server/db/erase-postgres.ts).
CREATE TABLE "search_lexemes" (
  "lexeme" text PRIMARY KEY,
  "documents" integer NOT NULL
);
--> statement-breakpoint
-- The words whose last document went, found without reading the table.
CREATE INDEX "search_lexemes_gone_idx" ON "search_lexemes" ("lexeme") WHERE "documents" <= 0;
--> statement-breakpoint
INSERT INTO "search_lexemes" ("lexeme", "documents")
SELECT u."lexeme", count(*) FROM "search_documents" d CROSS JOIN LATERAL unnest(d."words") u GROUP BY u."lexeme";
