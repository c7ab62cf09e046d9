import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sqliteOf } from '../../../src/server/db/client.ts';
import { envFor } from '../../../src/server/env.ts';
import { galleryItems } from '../../../src/server/db/schema.ts';
import { demoArticles, demoGallery, demoLegal, demoNews, demoReports, demoStories, type DemoPost } from '../../../src/server/db/demo-content.ts';
import { backdate, editorCaller, makeGallery, makeLegal, makePost } from '../../factories/public-content.ts';
import { baseDbFile } from '../../setup/paths.ts';
import { createTestDeps, newTestDir, testDepsIn, type TestDeps } from '../../setup/test-db.ts';
import { serveSite, startSite, type Site } from './site.ts';

/** Social links as a deployment would configure them; the rate limits are off (one test IP sends everything). */
export const siteEnv = {
  FACEBOOK_URL: 'https://www.facebook.com/womens-rights-example',
  TWITTER_URL: 'https://twitter.com/womens_rights_example',
  CONTACT_EMAIL: 'desk@womens-rights.example',
  RATE_LIMIT_PUBLIC_WRITES: '0',
  RATE_LIMIT_UPLOADS: '0',
};

export function startPublicSite(env: Record<string, string> = {}): Promise<Site> {
  return startSite({ ...siteEnv, ...env });
}

/** Ten more news, eight of them top news, so the home page's numbered side list is full. */
const extraNews: DemoPost[] = Array.from({ length: 10 }, (_, index) => ({
  titleEn: `${index % 2 ? 'Teachers call for the release of colleagues detained after a peaceful gathering' : 'Lawyers challenge new restrictions on women travelling alone'} (${index + 1})`,
  titleFa: `${index % 2 ? 'معلمان خواستار آزادی همکاران بازداشت‌شده پس از یک تجمع آرام شدند' : 'وکیلان محدودیت‌های تازه بر سفر زنان به‌تنهایی را به چالش کشیدند'} (${index + 1})`,
  descriptionEn: 'Colleagues, families and lawyers describe what happened and what they are asking for.\n\nThey say they will continue to speak out.',
  descriptionFa: 'همکاران، خانواده‌ها و وکیلان از آنچه رخ داد و خواسته‌هایشان می‌گویند.\n\nآن‌ها می‌گویند به سخن گفتن ادامه می‌دهند.',
  category: index < 8 ? 'top' : 'education',
  country: index % 2 ? 'iran' : 'afghanistan',
}));

export const YOUTUBE_LINK = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

/**
 * A site with the demo texts (real bilingual copy) plus enough items to fill every block:
 * 23 news (11 top), 6 articles, 9 reports, 7 gallery items (one video, one without media),
 * 6 legal items, 2 published stories and 1 pending. Newest first in each list, in this order.
 */
export async function seedStandardSite(deps: TestDeps): Promise<SeedManifest> {
  const news = [...demoNews, ...extraNews];
  const created = { news: [] as number[], articles: [] as number[], reports: [] as number[] };
  for (const [index, item] of news.entries()) {
    const post = await makePost(deps, 'news', { ...item, hoursAgo: 2 + index * 3, videoLink: index === 1 ? YOUTUBE_LINK : undefined });
    created.news.push(post.id);
  }
  for (const [index, item] of demoArticles.entries()) created.articles.push((await makePost(deps, 'article', { ...item, hoursAgo: 4 + index * 7 })).id);
  const reports = [
    ...demoReports,
    ...demoReports.slice(0, 3).map((item) => ({ ...item, titleEn: `${item.titleEn} (update)`, titleFa: `${item.titleFa} (به‌روزرسانی)` })),
  ];
  for (const [index, item] of reports.entries()) created.reports.push((await makePost(deps, 'report', { ...item, hoursAgo: 6 + index * 9 })).id);

  for (const [index, item] of demoGallery.entries()) {
    const row = await makeGallery(deps, { name: item.name, nameFa: item.nameFa, videoLink: item.videoLink });
    await backdate(deps, 'gallery', row.id, new Date(Date.now() - (index + 1) * 3_600_000));
  }
  // An item whose image was lost: the gallery must say so rather than show a broken picture.
  await deps.db.transaction((tx) =>
    tx
      .insert(galleryItems)
      .values({
        name: 'Archive photograph (missing)',
        nameFa: 'عکس آرشیوی (گم‌شده)',
        image: null,
        videoLink: null,
        createdAt: new Date(Date.now() - 90 * 3_600_000),
        updatedAt: new Date(),
      }),
  );

  for (const [index, item] of demoLegal.entries()) {
    const row = await makeLegal(deps, { ...item, videoLink: item.videoLink });
    await backdate(deps, 'legal', row.id, new Date(Date.now() - (index + 1) * 5 * 3_600_000));
  }
  const caller = await editorCaller(deps);
  for (const story of demoStories) await caller.stories.create({ title: story.title, description: story.description });
  const pending = await caller.stories.list({ status: 'pending', pageSize: 50 });
  for (const story of pending.items) if (demoStories.find((demo) => demo.title === story.title)?.published) await caller.stories.publish({ id: story.id });
  const published = await caller.stories.list({ status: 'published', pageSize: 50 });
  const legal = await caller.legal.list({ pageSize: 50 });
  return { ...created, stories: published.items.map((story) => story.id), legal: legal.items.map((item) => item.id) };
}

export interface SeedManifest {
  /** Ids in creation order (the first is the newest). */
  news: number[];
  articles: number[];
  reports: number[];
  /** Newest first. */
  stories: number[];
  legal: number[];
}

/**
 * The standard site is seeded once per test run (its images take a while to encode) into a
 * snapshot next to the base database; every test file then gets its own copy, so files stay
 * independent and could run in parallel.
 */
const snapshotDir = () => path.join(path.dirname(baseDbFile), 'public-seed');

async function ensureSnapshot(): Promise<void> {
  if (fs.existsSync(path.join(snapshotDir(), 'manifest.json'))) return;
  const deps = createTestDeps(siteEnv);
  try {
    const manifest = await seedStandardSite(deps);
    const { writer } = sqliteOf(deps.db);
    await deps.db.exclusive(() => writer.pragma('wal_checkpoint(TRUNCATE)'));
    const staging = `${snapshotDir()}-${randomBytes(4).toString('hex')}`;
    fs.mkdirSync(staging, { recursive: true });
    fs.copyFileSync(deps.env.DATABASE_URL, path.join(staging, 'site.db'));
    fs.cpSync(deps.env.STORAGE_DIR, path.join(staging, 'storage'), { recursive: true });
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest));
    try {
      fs.renameSync(staging, snapshotDir());
    } catch {
      // Another file made it first: theirs is as good as ours.
      fs.rmSync(staging, { recursive: true, force: true });
    }
  } finally {
    await deps.cleanup();
  }
}

/** A running site with its own copy of the standard content. */
export async function startSeededSite(env: Record<string, string> = {}): Promise<{ site: Site; seed: SeedManifest }> {
  await ensureSnapshot();
  const dir = newTestDir('t');
  fs.copyFileSync(path.join(snapshotDir(), 'site.db'), path.join(dir, 'site.db'));
  fs.cpSync(path.join(snapshotDir(), 'storage'), path.join(dir, 'storage'), { recursive: true });
  const seed = JSON.parse(fs.readFileSync(path.join(snapshotDir(), 'manifest.json'), 'utf8')) as SeedManifest;
  const deps = testDepsIn(dir, envFor({ DATABASE_URL: path.join(dir, 'site.db'), STORAGE_DIR: path.join(dir, 'storage'), ...siteEnv, ...env }));
  return { seed, site: await serveSite(deps) };
}

export * from './public-browser.ts';
export * from './public-network.ts';
