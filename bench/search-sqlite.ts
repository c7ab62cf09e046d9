import { openAndMigrate, sqliteOf, type Db } from '../src/server/db/client.ts';

/** One item of the search corpus, as written straight into its table. */
export interface CorpusPost {
  kind: 'news' | 'article' | 'report';
  titleEn: string;
  titleFa: string;
  descriptionEn: string;
  descriptionFa: string;
  country: 'iran' | 'afghanistan';
  at: number;
}

/**
 * Writes the corpus into a fresh SQLite file in one transaction with one prepared statement (the
 * index's triggers fill FTS5 as they go), then merges the index's segments and checkpoints.
 */
export async function writeCorpus(file: string, posts: Iterable<CorpusPost>): Promise<void> {
  const db = await openAndMigrate(file);
  const { writer } = sqliteOf(db);
  try {
    await db.transaction(async () => {
      const insert = writer.prepare(
        `INSERT INTO posts (kind, title_en, title_fa, description_en, description_fa, image, country, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'images/bench.jpg', ?, ?, ?)`,
      );
      for (const post of posts) insert.run(post.kind, post.titleEn, post.titleFa, post.descriptionEn, post.descriptionFa, post.country, post.at, post.at);
    });
    await db.transaction(async () => {
      writer.exec(`INSERT INTO search_index (search_index) VALUES ('optimize')`);
    });
    await db.exclusive(() => writer.pragma('wal_checkpoint(TRUNCATE)'));
  } finally {
    await db.close();
  }
}

/** How many items hold every word (FTS5's own count, without the site's ranking or cap). */
export function itemsHolding(db: Db, words: readonly string[]): number {
  return sqliteOf(db)
    .reader.prepare('SELECT count(*) FROM search_index WHERE search_index MATCH ?')
    .pluck()
    .get(words.map((word) => `"${word}"`).join(' AND ')) as number;
}

/** Bytes the search tables take in the file (dbstat). */
export function searchIndexBytes(db: Db): number {
  return sqliteOf(db)
    .reader.prepare(`SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name LIKE 'search_documents%' OR name LIKE 'search_index%' OR name LIKE 'search_recent%'`)
    .pluck()
    .get() as number;
}
