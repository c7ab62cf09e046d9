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
