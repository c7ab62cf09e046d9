import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { ContentSection } from '../../shared/content-kinds.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Deps } from '../trpc/context.ts';
import { innerContext } from '../trpc/context.ts';
import { createCaller } from '../trpc/router.ts';
import { storeUpload } from '../uploads/store.ts';
import { demoArticles, demoGallery, demoLegal, demoNews, demoReports, demoStories, type DemoPost } from './demo-content.ts';
import { galleryItems, legalItems, posts } from './schema.ts';

const palettes = [
  ['#5b2245', '#a34d7f', '#f4e4ee'],
  ['#1f3b4d', '#3f7c85', '#e6f0ef'],
  ['#4a3b2a', '#b07d48', '#f5ecdf'],
  ['#2d2a4a', '#6b5b95', '#ece8f5'],
  ['#3b4a2a', '#7d9a4f', '#eef3e4'],
  ['#4d1f24', '#c0574d', '#f8e8e4'],
];

/** An abstract, text-free illustration (text would need fonts the machine may lack for Persian). */
function illustration(index: number, width = 1200, height = 750): Buffer {
  const [dark, mid, light] = palettes[index % palettes.length]!;
  const shapes = Array.from({ length: 5 }, (_, i) => {
    const x = ((index * 37 + i * 211) % width) | 0;
    const y = ((index * 53 + i * 137) % height) | 0;
    const r = 80 + ((index * 17 + i * 61) % 220);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 2 ? light : mid}" fill-opacity="${0.18 + (i % 3) * 0.12}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes}
    <path d="M0 ${height * 0.78} Q ${width * 0.3} ${height * 0.62} ${width * 0.6} ${height * 0.8} T ${width} ${height * 0.7} V ${height} H 0 Z" fill="${light}" fill-opacity="0.25"/>
  </svg>`;
  return Buffer.from(svg);
}

async function demoImage(deps: Deps, index: number): Promise<string> {
  const temp = path.join(deps.storage.scratch, `demo-${randomBytes(8).toString('hex')}`);
  await sharp(illustration(index)).jpeg({ quality: 80 }).toFile(temp);
  return (await storeUpload(deps, temp, { allowVideo: false })).id;
}

interface SeedResult {
  news: number;
  articles: number;
  reports: number;
  gallery: number;
  legal: number;
  stories: number;
}

/**
 * Fills an empty site with bilingual demo content through the same procedures editors use.
 * Items get staggered dates (one a few hours apart) so lists and relative times look real.
 */
export async function seedDemo(deps: Deps, options: { force?: boolean } = {}): Promise<SeedResult> {
  const [found] = await deps.db.select({ value: count() }).from(posts).limit(1);
  const existing = found?.value ?? 0;
  if (existing > 0 && !options.force) throw new Error('The site already has content; pass --force to add the demo content anyway.');
  const now = new Date();
  // Procedures record no author, so the seed acts as an in-process editor without creating an account.
  const editor: SessionUser = { id: 0, name: 'Demo seed', email: 'seed@localhost', role: 'admin' };
  const caller = createCaller(
    innerContext(deps, { user: editor, session: { id: 'seed', userId: 0, createdAt: now, expiresAt: new Date(now.getTime() + 3_600_000) } }),
  );
  let imageIndex = 0;
  let age = 0;
  const backdate = async (table: typeof posts | typeof galleryItems | typeof legalItems, id: number) => {
    age += 1;
    const at = new Date(now.getTime() - age * 5 * 3_600_000);
    await deps.db.transaction((tx) => tx.update(table).set({ createdAt: at, updatedAt: at }).where(eq(table.id, id)));
  };

  const createPosts = async (router: ContentSection, items: DemoPost[]) => {
    // Each item is backdated a little more than the one before: the first of each list is the newest.
    for (const item of items) {
      const created = await caller[router].create({
        titleEn: item.titleEn,
        titleFa: item.titleFa,
        descriptionEn: item.descriptionEn,
        descriptionFa: item.descriptionFa,
        // The demo pictures are abstract illustrations: the title says what they stand for.
        coverAltEn: item.titleEn,
        coverAltFa: item.titleFa,
        imageUploadId: await demoImage(deps, imageIndex++),
        category: item.category ?? null,
        country: item.country ?? null,
        media: item.videoLink ? [{ link: item.videoLink }] : [],
      });
      await backdate(posts, created.id);
    }
  };
  age = 0;
  await createPosts('news', demoNews);
  age = 0;
  await createPosts('articles', demoArticles);
  age = 0;
  await createPosts('reports', demoReports);

  age = 0;
  for (const item of demoGallery) {
    const created = await caller.gallery.create(
      item.videoLink
        ? { name: item.name, nameFa: item.nameFa, videoLink: item.videoLink }
        : { name: item.name, nameFa: item.nameFa, imageUploadId: await demoImage(deps, imageIndex++) },
    );
    await backdate(galleryItems, created.id);
  }
  age = 0;
  for (const item of demoLegal) {
    const created = await caller.legal.create({
      titleEn: item.titleEn,
      titleFa: item.titleFa,
      descriptionEn: item.descriptionEn,
      descriptionFa: item.descriptionFa,
      // As for posts: the abstract illustration is described by the title (a video needs no words).
      ...(item.videoLink
        ? { videoLink: item.videoLink }
        : { mediaUploadId: await demoImage(deps, imageIndex++), coverAltEn: item.titleEn, coverAltFa: item.titleFa }),
    });
    await backdate(legalItems, created.id);
  }
  const pending = await caller.stories.list({ status: 'all', pageSize: 50 });
  const before = new Set(pending.items.map((s) => s.id));
  for (const story of demoStories) await caller.stories.create({ title: story.title, description: story.description });
  const created = (await caller.stories.list({ status: 'all', pageSize: 50 })).items.filter((s) => !before.has(s.id));
  for (const story of created) {
    const demo = demoStories.find((d) => d.title === story.title);
    if (demo?.published) await caller.stories.publish({ id: story.id });
  }
  return {
    news: demoNews.length,
    articles: demoArticles.length,
    reports: demoReports.length,
    gallery: demoGallery.length,
    legal: demoLegal.length,
    stories: demoStories.length,
  };
}
