import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { createAdmin } from '../../src/server/auth/bootstrap.ts';
import type { SessionUser } from '../../src/server/auth/sessions.ts';
import { innerContext } from '../../src/server/trpc/context.ts';
import { createCaller } from '../../src/server/trpc/router.ts';
import { storeUpload, type StoredUpload } from '../../src/server/uploads/store.ts';
import type { ContentKind } from '../../src/shared/schemas/content.ts';
import type { TestDeps } from '../setup/test-db.ts';

let sequence = 0;
/** A value no other factory call in this run returns. */
export function unique(prefix = 'x'): string {
  sequence += 1;
  return `${prefix}-${sequence}-${randomBytes(3).toString('hex')}`;
}

export const testPassword = 'correct horse battery staple';

export async function makeUser(deps: TestDeps, overrides: { name?: string; email?: string; password?: string } = {}): Promise<SessionUser> {
  const name = overrides.name ?? unique('Editor');
  const row = await createAdmin(deps.db, {
    name,
    email: overrides.email ?? `${unique('editor')}@example.org`,
    password: overrides.password ?? testPassword,
  });
  return { id: row.id, email: row.email, name, role: 'admin' };
}

/** A small real image file of the given format, written to a temporary path. */
export async function makeImageFile(deps: TestDeps, format: 'png' | 'jpeg' | 'webp' = 'png', size = 64): Promise<string> {
  const file = path.join(deps.dir, `${unique('img')}.${format}`);
  const image = sharp({ create: { width: size, height: size, channels: 3, background: { r: 120, g: 40, b: 90 } } });
  await image.toFormat(format).toFile(file);
  return file;
}

/** Stores an image exactly as the upload endpoint does and returns its record. */
export async function makeImageUpload(deps: TestDeps): Promise<StoredUpload> {
  const file = await makeImageFile(deps);
  const temp = path.join(deps.storage.incoming, unique('in'));
  fs.copyFileSync(file, temp);
  return storeUpload(deps, temp, { allowVideo: false });
}

function systemCaller(deps: TestDeps, user: SessionUser) {
  const now = new Date();
  return createCaller(innerContext(deps, { user, session: { id: 'factory', userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + 60_000) } }));
}

/** A news item, article or report with a real stored image, created through its procedure. */
export async function makeContent(
  deps: TestDeps,
  kind: ContentKind,
  overrides: Partial<{ titleEn: string; titleFa: string; descriptionEn: string; descriptionFa: string; category: 'top' | 'latest'; country: 'iran' | 'afghanistan' }> = {},
) {
  const user = await makeUser(deps);
  const upload = await makeImageUpload(deps);
  const router = kind === 'news' ? 'news' : kind === 'article' ? 'articles' : 'reports';
  return systemCaller(deps, user)[router].create({
    titleEn: overrides.titleEn ?? unique('Title'),
    titleFa: overrides.titleFa ?? `عنوان ${unique('fa')}`,
    descriptionEn: overrides.descriptionEn ?? 'A description long enough to read.',
    descriptionFa: overrides.descriptionFa ?? 'توضیحی برای خواندن.',
    imageUploadId: upload.id,
    category: overrides.category,
    country: overrides.country,
  });
}
