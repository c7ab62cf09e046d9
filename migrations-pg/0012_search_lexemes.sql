-- How many search documents hold each word: bm25's document frequency (src/server/search/bm25.ts).
-- Counting it at each search read every document holding a common word (زنان, "women"): a search
-- took a second and a half on 100,000 items. The counts are kept by triggers on the documents, so
-- every writer keeps them, a node of an older version still running during a rolling upgrade too.
-- Split as the documents are (0003): the submitted stories' words apart, so erasing a deleted
-- story (docs/decisions/024) rewrites only their counts, not every public word's, which searches
-- wait for. A word no document of its part holds any more is deleted.
CREATE TABLE "search_lexemes" (
  "lexeme" text NOT NULL,
  "part" text NOT NULL,
  "documents" integer NOT NULL,
  PRIMARY KEY ("lexeme", "part")
) PARTITION BY LIST ("part");
--> statement-breakpoint
CREATE TABLE "search_lexemes_stories" PARTITION OF "search_lexemes" FOR VALUES IN ('story');
--> statement-breakpoint
CREATE TABLE "search_lexemes_items" PARTITION OF "search_lexemes" DEFAULT;
--> statement-breakpoint
CREATE FUNCTION "search_lexemes_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- A word whose last document of its part went is deleted, the others counted down: no row twice.
    WITH gone AS (
      SELECT u.lexeme, CASE WHEN d.type = 'story' THEN 'story' ELSE 'item' END AS part, count(*) AS documents
      FROM old_documents d CROSS JOIN LATERAL unnest(d.words) u GROUP BY 1, 2
    ), emptied AS (
      DELETE FROM search_lexemes l USING gone g WHERE l.lexeme = g.lexeme AND l.part = g.part AND l.documents <= g.documents
    )
    UPDATE search_lexemes l SET documents = l.documents - g.documents FROM gone g
    WHERE l.lexeme = g.lexeme AND l.part = g.part AND l.documents > g.documents;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO search_lexemes (lexeme, part, documents)
    SELECT u.lexeme, CASE WHEN d.type = 'story' THEN 'story' ELSE 'item' END, count(*)
    FROM new_documents d CROSS JOIN LATERAL unnest(d.words) u GROUP BY 1, 2
    ON CONFLICT (lexeme, part) DO UPDATE SET documents = search_lexemes.documents + excluded.documents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Creating the triggers waits for every transaction writing documents to end and holds off new
-- ones until this migration commits, so the count below misses no document and counts none twice.
CREATE TRIGGER "search_lexemes_insert" AFTER INSERT ON "search_documents"
  REFERENCING NEW TABLE AS "new_documents" FOR EACH STATEMENT EXECUTE FUNCTION "search_lexemes_count"();
--> statement-breakpoint
CREATE TRIGGER "search_lexemes_delete" AFTER DELETE ON "search_documents"
  REFERENCING OLD TABLE AS "old_documents" FOR EACH STATEMENT EXECUTE FUNCTION "search_lexemes_count"();
--> statement-breakpoint
CREATE TRIGGER "search_lexemes_update" AFTER UPDATE ON "search_documents"
  REFERENCING OLD TABLE AS "old_documents" NEW TABLE AS "new_documents" FOR EACH STATEMENT EXECUTE FUNCTION "search_lexemes_count"();
--> statement-breakpoint
INSERT INTO "search_lexemes" ("lexeme", "part", "documents")
SELECT u."lexeme", CASE WHEN d."type" = 'story' THEN 'story' ELSE 'item' END, count(*)
FROM "search_documents" d CROSS JOIN LATERAL unnest(d."words") u GROUP BY 1, 2;
