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
