import { galleryItems, legalItems, posts, stories } from '../../src/server/db/schema.ts';
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

const at = (daysAgo = 0) => new Date(Date.now() - daysAgo * 24 * 3600 * 1000);

export async function insertPost(deps: TestDeps, post: RawPost = {}): Promise<number> {
  const when = at(post.daysAgo);
  const [row] = await deps.db.transaction((tx) =>
    tx
      .insert(posts)
      .values({
        kind: post.kind ?? 'news',
        titleEn: post.titleEn ?? 'Untitled',
        titleFa: post.titleFa ?? 'بی‌عنوان',
        descriptionEn: post.descriptionEn ?? 'Nothing to say.',
        descriptionFa: post.descriptionFa ?? 'چیزی برای گفتن نیست.',
        image: 'images/none.jpg',
        country: post.country ?? null,
        createdAt: when,
        updatedAt: when,
      })
      .returning({ id: posts.id }),
  );
  return row!.id;
}

export async function insertStory(deps: TestDeps, story: { title: string; description: string; published: boolean; daysAgo?: number }): Promise<number> {
  const when = at(story.daysAgo);
  const [row] = await deps.db.transaction((tx) =>
    tx
      .insert(stories)
      .values({
        title: story.title,
        description: story.description,
        status: story.published ? 'published' : 'pending',
        publishedAt: story.published ? when : null,
        createdAt: when,
        updatedAt: when,
      })
      .returning({ id: stories.id }),
  );
  return row!.id;
}

export async function insertLegal(
  deps: TestDeps,
  item: { titleEn: string; titleFa?: string; descriptionEn?: string; descriptionFa?: string },
): Promise<number> {
  const [row] = await deps.db.transaction((tx) =>
    tx
      .insert(legalItems)
      .values({
        titleEn: item.titleEn,
        titleFa: item.titleFa ?? 'حقوق',
        descriptionEn: item.descriptionEn ?? 'The law.',
        descriptionFa: item.descriptionFa ?? 'قانون.',
      })
      .returning({ id: legalItems.id }),
  );
  return row!.id;
}

export async function insertGallery(deps: TestDeps, name: string): Promise<number> {
  const [row] = await deps.db.transaction((tx) => tx.insert(galleryItems).values({ name, image: 'images/none.jpg' }).returning({ id: galleryItems.id }));
  return row!.id;
}

/** Forty made-up words that every body of `insertWordyPosts` is written in. */
export const WORDY_VOCABULARY = Array.from({ length: 40 }, (_, index) => `wordy${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}`);

/**
 * Posts whose long bodies hold every word of a small vocabulary many times: the corpus on which a
 * query of many common words costs the most (every word is in every item, and each item's text is
 * long to mark up). Returns such a query: sixteen distinct common words.
 */
export async function insertWordyPosts(deps: TestDeps, count: number, wordsPerBody = 1000): Promise<string> {
  const vocabulary = WORDY_VOCABULARY;
  const rows = Array.from({ length: count }, (_, item) => {
    const body = Array.from({ length: wordsPerBody }, (_, index) => vocabulary[(item * 7 + index * 13) % vocabulary.length]).join(' ');
    return {
      kind: 'news' as const,
      titleEn: `Bulletin ${item} ${vocabulary[item % vocabulary.length]}`,
      titleFa: 'بی‌عنوان',
      descriptionEn: body,
      descriptionFa: '',
      image: 'images/none.jpg',
      country: 'iran' as const,
      createdAt: at(item / 24),
      updatedAt: at(item / 24),
    };
  });
  // One transaction, in statements of a hundred rows (SQLite bounds a statement's parameters).
  await deps.db.transaction(async (tx) => {
    for (let from = 0; from < rows.length; from += 100) await tx.insert(posts).values(rows.slice(from, from + 100));
  });
  return vocabulary.slice(0, 16).join(' ');
}
