import type { TestDeps } from '../setup/test-db.ts';

/**
 * Items written straight into their tables, as a command-line tool or a restore would write them:
 * the search index must follow every write, not only those made through the procedures. Cheap
 * enough to make dozens per test (no image processing, no password hashing).
 */
export interface RawPost {
  kind?: 'news' | 'article' | 'report';
  titleEn?: string;
  titleFa?: string;
  descriptionEn?: string;
  descriptionFa?: string;
  country?: 'iran' | 'afghanistan' | null;
  /** Days before now. */
  daysAgo?: number;
}

const at = (daysAgo = 0) => Date.now() - daysAgo * 24 * 3600 * 1000;

export function insertPost(deps: TestDeps, post: RawPost = {}): number {
  const result = deps.db.$client
    .prepare(
      `INSERT INTO posts (kind, title_en, title_fa, description_en, description_fa, image, country, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'images/none.jpg', ?, ?, ?)`,
    )
    .run(
      post.kind ?? 'news',
      post.titleEn ?? 'Untitled',
      post.titleFa ?? 'بی‌عنوان',
      post.descriptionEn ?? 'Nothing to say.',
      post.descriptionFa ?? 'چیزی برای گفتن نیست.',
      post.country ?? null,
      at(post.daysAgo),
      at(post.daysAgo),
    );
  return Number(result.lastInsertRowid);
}

export function insertStory(deps: TestDeps, story: { title: string; description: string; published: boolean; daysAgo?: number }): number {
  const when = at(story.daysAgo);
  const result = deps.db.$client
    .prepare(`INSERT INTO stories (title, description, status, published_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`)
    .run(story.title, story.description, story.published ? 'published' : 'pending', story.published ? when : null, when, when);
  return Number(result.lastInsertRowid);
}

export function insertLegal(deps: TestDeps, item: { titleEn: string; titleFa?: string; descriptionEn?: string; descriptionFa?: string }): number {
  const result = deps.db.$client
    .prepare(`INSERT INTO legal_items (title_en, title_fa, description_en, description_fa) VALUES (?, ?, ?, ?)`)
    .run(item.titleEn, item.titleFa ?? 'حقوق', item.descriptionEn ?? 'The law.', item.descriptionFa ?? 'قانون.');
  return Number(result.lastInsertRowid);
}

export function insertGallery(deps: TestDeps, name: string): number {
  return Number(deps.db.$client.prepare(`INSERT INTO gallery_items (name, image) VALUES (?, 'images/none.jpg')`).run(name).lastInsertRowid);
}

/** Forty made-up words that every body of `insertWordyPosts` is written in. */
export const WORDY_VOCABULARY = Array.from({ length: 40 }, (_, index) => `wordy${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}`);

/**
 * Posts whose long bodies hold every word of a small vocabulary many times: the corpus on which a
 * query of many common words costs the most (every word is in every item, and each item's text is
 * long to mark up). Returns such a query: sixteen distinct common words.
 */
export function insertWordyPosts(deps: TestDeps, count: number, wordsPerBody = 1000): string {
  const insert = deps.db.$client.prepare(
    `INSERT INTO posts (kind, title_en, title_fa, description_en, description_fa, image, country, created_at, updated_at)
     VALUES ('news', ?, 'بی‌عنوان', ?, '', 'images/none.jpg', 'iran', ?, ?)`,
  );
  const vocabulary = WORDY_VOCABULARY;
  deps.db.$client.transaction(() => {
    for (let item = 0; item < count; item++) {
      const body = Array.from({ length: wordsPerBody }, (_, index) => vocabulary[(item * 7 + index * 13) % vocabulary.length]).join(' ');
      insert.run(`Bulletin ${item} ${vocabulary[item % vocabulary.length]}`, body, at(item / 24), at(item / 24));
    }
  })();
  return vocabulary.slice(0, 16).join(' ');
}
