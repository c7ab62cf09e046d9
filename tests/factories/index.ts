import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { desc, eq } from 'drizzle-orm';
import { createAdmin } from '../../src/server/auth/bootstrap.ts';
import { contactMessages, stories, users } from '../../src/server/db/schema.ts';
import type { SessionUser } from '../../src/server/auth/sessions.ts';
import { innerContext } from '../../src/server/trpc/context.ts';
import { createCaller } from '../../src/server/trpc/router.ts';
import { storeUpload, type StoredUpload } from '../../src/server/uploads/store.ts';
import type { ContentKind } from '../../src/shared/schemas/content.ts';
import type { Role } from '../../src/shared/schemas/users.ts';
import { contentKinds } from '../../src/shared/content-kinds.ts';
import type { TestDeps } from '../setup/test-db.ts';
import { replayingMediaWorkers } from './cleaned-image.ts';

let sequence = 0;
/** A value no other factory call in this run returns. */
export function unique(prefix = 'x'): string {
  sequence += 1;
  return `${prefix}-${sequence}-${randomBytes(3).toString('hex')}`;
}

export const testPassword = 'correct horse battery staple';

export async function makeUser(deps: TestDeps, overrides: { name?: string; email?: string; password?: string; role?: Role } = {}): Promise<SessionUser> {
  const name = overrides.name ?? unique('Editor');
  const row = await createAdmin(deps.db, {
    name,
    email: overrides.email ?? `${unique('editor')}@example.org`,
    password: overrides.password ?? testPassword,
  });
  const role = overrides.role ?? 'admin';
  if (role !== 'admin') await deps.db.transaction((tx) => tx.update(users).set({ role }).where(eq(users.id, row.id)));
  return { id: row.id, email: row.email, name, role };
}

/** A small real image file of the given format, written to a temporary path. */
export async function makeImageFile(deps: TestDeps, format: 'png' | 'jpeg' | 'webp' = 'png', size = 64): Promise<string> {
  const file = path.join(deps.dir, `${unique('img')}.${format}`);
  const image = sharp({ create: { width: size, height: size, channels: 3, background: { r: 120, g: 40, b: 90 } } });
  await image.toFormat(format).toFile(file);
  return file;
}

/** Stores an image as the upload endpoint does (its cleaning done once per test process) and returns its record. */
export async function makeImageUpload(deps: TestDeps): Promise<StoredUpload> {
  const file = await makeImageFile(deps);
  const temp = path.join(deps.storage.scratch, unique('in'));
  fs.copyFileSync(file, temp);
  return storeUpload({ ...deps, mediaWorkers: replayingMediaWorkers(deps.mediaWorkers) }, temp, { allowVideo: false });
}

/** A caller acting as the given admin without a session row (factories set up data through the procedures). */
export function systemCaller(deps: TestDeps, user: SessionUser) {
  const now = new Date();
  return createCaller(innerContext(deps, { user, session: { id: 'factory', userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + 60_000) } }));
}

/** A news item, article or report with a real stored image, created through its procedure. */
export async function makeContent(
  deps: TestDeps,
  kind: ContentKind,
  overrides: Partial<{
    titleEn: string;
    titleFa: string;
    descriptionEn: string;
    descriptionFa: string;
    category: 'top' | 'latest';
    country: 'iran' | 'afghanistan';
    status: 'draft' | 'scheduled' | 'published';
    publishAt: Date;
    coverAltEn: string;
    coverAltFa: string;
  }> = {},
) {
  const user = await makeUser(deps);
  const upload = await makeImageUpload(deps);
  const router = contentKinds[kind].section;
  return systemCaller(deps, user)[router].create({
    titleEn: overrides.titleEn ?? unique('Title'),
    titleFa: overrides.titleFa ?? `عنوان ${unique('fa')}`,
    descriptionEn: overrides.descriptionEn ?? 'A description long enough to read.',
    descriptionFa: overrides.descriptionFa ?? 'توضیحی برای خواندن.',
    coverAltEn: overrides.coverAltEn ?? 'Cover picture',
    coverAltFa: overrides.coverAltFa ?? 'تصویر جلد',
    imageUploadId: upload.id,
    category: overrides.category,
    country: overrides.country,
    status: overrides.status,
    publishAt: overrides.publishAt,
  });
}

/** An admin caller for factories, made once per test database (hashing a password per item is slow). */
const factoryAdmins = new WeakMap<TestDeps, Promise<SessionUser>>();
async function factoryCaller(deps: TestDeps) {
  let admin = factoryAdmins.get(deps);
  if (!admin) {
    admin = makeUser(deps, { name: 'Factory admin' });
    factoryAdmins.set(deps, admin);
  }
  return systemCaller(deps, await admin);
}

/** A gallery item with a stored image, or with only a video link when one is given. */
/** A gallery item: with an image unless it has a video link (`withImage` gives it both). */
export async function makeGalleryItem(deps: TestDeps, overrides: { name?: string; nameFa?: string; videoLink?: string; withImage?: boolean } = {}) {
  const caller = await factoryCaller(deps);
  const imageUploadId = (overrides.withImage ?? !overrides.videoLink) ? (await makeImageUpload(deps)).id : undefined;
  return caller.gallery.create({ name: overrides.name ?? unique('Gallery'), nameFa: overrides.nameFa, imageUploadId, videoLink: overrides.videoLink });
}

/**
 * A picture of the library that no item uses any more: brought in by a gallery item (described by
 * its alt texts when given), which is then deleted. Returns the upload's id and stored path.
 */
export async function makeLibraryPicture(deps: TestDeps): Promise<{ id: string; path: string }> {
  const caller = await factoryCaller(deps);
  const upload = await makeImageUpload(deps);
  const item = await caller.gallery.create({ name: unique('Library picture'), imageUploadId: upload.id });
  await caller.gallery.delete({ id: item.id });
  return { id: upload.id, path: upload.path };
}

/** A legal-awareness item with a stored image (or the given upload). */
export async function makeLegalItem(
  deps: TestDeps,
  overrides: Partial<{
    titleEn: string;
    titleFa: string;
    descriptionEn: string;
    descriptionFa: string;
    mediaUploadId: string;
    videoLink: string;
    status: 'draft' | 'scheduled' | 'published';
    publishAt: Date;
    coverAltEn: string;
    coverAltFa: string;
  }> = {},
) {
  const caller = await factoryCaller(deps);
  const mediaUploadId = overrides.mediaUploadId ?? (overrides.videoLink ? undefined : (await makeImageUpload(deps)).id);
  return caller.legal.create({
    titleEn: overrides.titleEn ?? unique('Know your rights'),
    titleFa: overrides.titleFa ?? `حقوق ${unique('fa')}`,
    descriptionEn: overrides.descriptionEn ?? 'What the law says, in plain words.',
    descriptionFa: overrides.descriptionFa ?? 'آنچه قانون می‌گوید.',
    // A picture cover is described, as the admin panel requires (a video needs no words).
    coverAltEn: overrides.coverAltEn ?? 'Cover picture',
    coverAltFa: overrides.coverAltFa ?? 'تصویر جلد',
    mediaUploadId,
    videoLink: overrides.videoLink,
    status: overrides.status,
    publishAt: overrides.publishAt,
  });
}

/** A story submitted through the public procedure (pending); returns its id, which the author never sees. */
export async function makeStory(deps: TestDeps, overrides: { title?: string; description?: string; mediaUploadId?: string } = {}): Promise<number> {
  const title = overrides.title ?? unique('My story');
  await createCaller(innerContext(deps)).stories.create({
    title,
    description: overrides.description ?? 'What happened to me.',
    mediaUploadId: overrides.mediaUploadId,
  });
  const [row] = await deps.db.select({ id: stories.id }).from(stories).where(eq(stories.title, title)).orderBy(desc(stories.id)).limit(1);
  return row!.id;
}

/** A contact message sent through the public procedure (pending); returns its id. */
export async function makeContact(
  deps: TestDeps,
  overrides: { name?: string; email?: string; message?: string; imageUploadId?: string } = {},
): Promise<number> {
  const name = overrides.name ?? unique('Visitor');
  await createCaller(innerContext(deps)).contacts.create({
    name,
    email: overrides.email ?? `${unique('visitor')}@example.org`,
    message: overrides.message ?? 'I would like to share some information.',
    imageUploadId: overrides.imageUploadId,
  });
  const [row] = await deps.db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.name, name))
    .orderBy(desc(contactMessages.id))
    .limit(1);
  return row!.id;
}

/** A newsletter subscriber through the public procedure; returns the (lower-cased) address. */
export async function makeSubscriber(deps: TestDeps, email = `${unique('reader')}@example.org`): Promise<string> {
  await createCaller(innerContext(deps)).newsletter.subscribe({ email });
  return email.toLowerCase();
}

/** A one-paragraph body document. */
export const paragraphDocument = (text: string) => ({
  type: 'doc' as const,
  content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] }],
});

/** A newsletter draft written in both languages (or as given), listing `itemIds`. */
export async function makeNewsletter(
  deps: TestDeps,
  overrides: { subjectEn?: string; subjectFa?: string; bodyEn?: string | null; bodyFa?: string | null; itemIds?: number[] } = {},
): Promise<{ id: number }> {
  const caller = await factoryCaller(deps);
  const body = (text: string | null | undefined, fallback: string) => (text === null ? null : paragraphDocument(text ?? fallback));
  return caller.newsletters.create({
    subjectEn: overrides.subjectEn ?? unique('Newsletter'),
    subjectFa: overrides.subjectFa ?? `خبرنامه ${unique('fa')}`,
    bodyEn: body(overrides.bodyEn, 'Dear readers, the news of the week.'),
    bodyFa: body(overrides.bodyFa, 'خوانندگان گرامی، خبرهای این هفته.'),
    itemIds: overrides.itemIds,
  });
}
