-- Search finds an item only in the languages it is written in, as on SQLite (migrations/0019):
-- the documents' lengths count the language facets SQLite's index holds, so every document is
-- indexed again (src/server/search/index-postgres.ts).
INSERT INTO "search_pending" ("type", "item_id") SELECT "type", "item_id" FROM "search_sources" ON CONFLICT DO NOTHING;
