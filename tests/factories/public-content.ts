import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { galleryItems, legalItems, posts, stories } from '../../src/server/db/schema.ts';
import type { SessionUser } from '../../src/server/auth/sessions.ts';
import { storeUpload } from '../../src/server/uploads/store.ts';
import type { Category, ContentKind, Country } from '../../src/shared/schemas/content.ts';
import { contentKinds } from '../../src/shared/content-kinds.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { makeUser, systemCaller, unique } from './index.ts';
import { replayingMediaWorkers } from './cleaned-image.ts';

/**
 * Public-site content for browser tests, created through the same procedures editors use. One
 * editor per database (hashing a password per item would dominate the run time), small generated
 * illustrations (so screenshots look like a site, not a wireframe) and explicit, ordered dates.
 */
const palettes = [
  ['#5b2245', '#a34d7f'],
  ['#1f3b4d', '#3f7c85'],
  ['#4a3b2a', '#b07d48'],
  ['#2d2a4a', '#6b5b95'],
  ['#3b4a2a', '#7d9a4f'],
  ['#4d1f24', '#c0574d'],
] as const;

let imageCount = 0;

/** A text-free gradient illustration, stored exactly as an upload is (with its responsive variants). */
export async function makeIllustrationUpload(deps: TestDeps, width = 400, height = 250) {
  // Twelve different pictures at most, so the media worker cleans each only once (cleaned-image.ts).
  const drawn = imageCount++ % 12;
  const [dark, light] = palettes[drawn % palettes.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${((drawn + 1) * 97) % width}" cy="${height * 0.4}" r="${height * 0.35}" fill="#fff" fill-opacity="0.14"/>
    <path d="M0 ${height * 0.8} Q ${width * 0.35} ${height * 0.6} ${width * 0.65} ${height * 0.82} T ${width} ${height * 0.72} V ${height} H 0 Z" fill="#fff" fill-opacity="0.2"/>
  </svg>`;
  const temp = path.join(deps.storage.scratch, unique('illustration'));
  fs.mkdirSync(deps.storage.scratch, { recursive: true });
  await sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toFile(temp);
  return storeUpload({ ...deps, mediaWorkers: replayingMediaWorkers(deps.mediaWorkers) }, temp, { allowVideo: false });
}

const editors = new WeakMap<TestDeps, Promise<SessionUser>>();
export async function editorCaller(deps: TestDeps) {
  let editor = editors.get(deps);
  if (!editor) {
    editor = makeUser(deps, { name: 'Test editor' });
    editors.set(deps, editor);
  }
  return systemCaller(deps, await editor);
}

const tables = { posts, gallery: galleryItems, legal: legalItems, stories } as const;

/** Sets an item's dates, so lists come out in a known order whatever the clock did. */
export async function backdate(deps: TestDeps, table: keyof typeof tables, id: number, at: Date): Promise<void> {
  const target = tables[table];
  await deps.db.transaction((tx) => tx.update(target).set({ createdAt: at, updatedAt: at }).where(eq(target.id, id)));
}

export interface ContentOverrides {
  titleEn?: string;
  titleFa?: string;
  descriptionEn?: string;
  descriptionFa?: string;
  category?: Category | null;
  country?: Country | null;
  videoLink?: string;
  /** Hours before now; items made later without it are newer. */
  hoursAgo?: number;
  withImage?: boolean;
}

export async function makePost(deps: TestDeps, kind: ContentKind, overrides: ContentOverrides = {}) {
  const caller = await editorCaller(deps);
  const upload = await makeIllustrationUpload(deps);
  const label = unique(kind);
  const titleEn = overrides.titleEn ?? `Women's rights ${kind} ${label}`;
  const titleFa = overrides.titleFa ?? `${kind === 'news' ? 'خبر' : kind === 'article' ? 'مقاله' : 'گزارش'} حقوق زنان ${label}`;
  const item = await caller[contentKinds[kind].section].create({
    titleEn,
    titleFa,
    descriptionEn: overrides.descriptionEn ?? `A report from the field about ${label}.\n\nA second paragraph with more detail.`,
    descriptionFa: overrides.descriptionFa ?? `گزارشی از میدان دربارهٔ ${label}.\n\nبند دوم با جزئیات بیشتر.`,
    // The illustrations stand for the story: described by its title, as items from before alt text are.
    coverAltEn: titleEn,
    coverAltFa: titleFa,
    imageUploadId: upload.id,
    category: overrides.category ?? null,
    country: overrides.country ?? null,
    media: overrides.videoLink ? [{ link: overrides.videoLink, titleEn: 'Watch the interview', titleFa: 'گفت‌وگو را ببینید' }] : [],
  });
  if (overrides.hoursAgo !== undefined) await backdate(deps, 'posts', item.id, new Date(Date.now() - overrides.hoursAgo * 3_600_000));
  return item;
}

export async function makeGallery(deps: TestDeps, overrides: { name?: string; nameFa?: string; videoLink?: string; withImage?: boolean } = {}) {
  const caller = await editorCaller(deps);
  const withImage = overrides.withImage ?? !overrides.videoLink;
  const imageUploadId = withImage ? (await makeIllustrationUpload(deps, 400, 300)).id : undefined;
  return caller.gallery.create({ name: overrides.name ?? unique('Gallery'), nameFa: overrides.nameFa, imageUploadId, videoLink: overrides.videoLink });
}

export async function makeLegal(
  deps: TestDeps,
  overrides: { titleEn?: string; titleFa?: string; descriptionEn?: string; descriptionFa?: string; videoLink?: string } = {},
) {
  const caller = await editorCaller(deps);
  const mediaUploadId = overrides.videoLink ? undefined : (await makeIllustrationUpload(deps)).id;
  return caller.legal.create({
    titleEn: overrides.titleEn ?? unique('Know your rights'),
    titleFa: overrides.titleFa ?? `حقوق خود را بشناسید ${unique('fa')}`,
    descriptionEn: overrides.descriptionEn ?? 'What the law says, in plain words.',
    descriptionFa: overrides.descriptionFa ?? 'آنچه قانون می‌گوید، به زبان ساده.',
    coverAltEn: 'A lawyer’s hands over an open code book',
    coverAltFa: 'دستان یک وکیل روی کتاب قانون باز',
    mediaUploadId,
    videoLink: overrides.videoLink,
  });
}

/** A story sent through the public procedure and then published by an editor. */
export async function makePublishedStory(deps: TestDeps, overrides: { title?: string; description?: string; withImage?: boolean } = {}) {
  const caller = await editorCaller(deps);
  const title = overrides.title ?? unique('My story');
  const mediaUploadId = overrides.withImage ? (await makeIllustrationUpload(deps)).id : undefined;
  await caller.stories.create({ title, description: overrides.description ?? 'What happened to me, in my own words.', mediaUploadId });
  const pending = await caller.stories.list({ status: 'pending', pageSize: 50 });
  const story = pending.items.find((item) => item.title === title)!;
  return caller.stories.publish({ id: story.id });
}
