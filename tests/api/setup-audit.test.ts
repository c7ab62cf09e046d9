import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, stories } from '../../src/server/db/schema.ts';
import { armSetupToken } from '../../src/server/routers/setup.ts';
import { applyRetention } from '../../src/server/security/retention.ts';
import { innerContext, type CookieWriter } from '../../src/server/trpc/context.ts';
import { createCaller } from '../../src/server/trpc/router.ts';
import { makeContact, makeContent, makeImageUpload, makeStory, makeUser, testPassword } from '../factories/index.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { clientErrorOf } from '../setup/errors.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { folderOf } from '../setup/stored.ts';

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

describe('first-run setup', () => {
  const admin = { name: 'First editor', email: 'First@Example.org', password: 'first long passphrase' };

  it('creates the first administrator with the printed token, signs them in, and works only once', async () => {
    const token = (await armSetupToken(deps))!;
    expect(await publicCaller(deps).setup.status()).toEqual({ needed: true });
    let cookie: string | null = null;
    const cookies: CookieWriter = { setSession: (value) => (cookie = value), clearSession() {} };
    const created = await createCaller(innerContext(deps, { cookies })).setup.createAdmin({ ...admin, token });
    expect(created).toMatchObject({ name: 'First editor', email: 'first@example.org', role: 'admin' });
    expect(cookie).toEqual(expect.any(String));
    expect(await publicCaller(deps).setup.status()).toEqual({ needed: false });
    const again = await clientErrorOf(deps, publicCaller(deps).setup.createAdmin({ ...admin, email: 'second@example.org', token }));
    expect(again).toMatchObject({ code: 'NOT_FOUND', message: 'The site already has an administrator.' });
  });

  it('refuses a wrong token and creates no one', async () => {
    await armSetupToken(deps);
    const error = await clientErrorOf(deps, publicCaller(deps).setup.createAdmin({ ...admin, token: 'guessed-token' }));
    expect(error).toMatchObject({ code: 'FORBIDDEN', message: 'This setup link is not valid. Use the link printed by the server at start.' });
    expect(await publicCaller(deps).setup.status()).toEqual({ needed: true });
  });

  it('is never armed on a site that already has a user', async () => {
    await makeUser(deps);
    expect(await armSetupToken(deps)).toBeNull();
    expect(await publicCaller(deps).setup.status()).toEqual({ needed: false });
  });

  it('holds the new administrator to the password rule', async () => {
    const token = (await armSetupToken(deps))!;
    const error = await clientErrorOf(deps, publicCaller(deps).setup.createAdmin({ ...admin, password: 'short', token }));
    expect(error.fieldErrors).toEqual({ password: ['The password must be at least 10 characters long.'] });
  });
});

describe('audit.list', () => {
  it('records each change an editor makes, newest first, with who and what (a deleted item’s title forgotten)', async () => {
    const { caller, user } = await adminCaller(deps);
    const image = await makeImageUpload(deps);
    const created = await caller.news.create({
      titleEn: 'Audited',
      titleFa: 'ث',
      descriptionEn: 'D',
      descriptionFa: 'د',
      coverAltEn: 'Cover picture',
      coverAltFa: 'تصویر جلد',
      imageUploadId: image.id,
    });
    await caller.news.delete({ id: created.id });
    const page = await caller.audit.list({});
    expect(page.items.slice(0, 2)).toMatchObject([
      { action: 'news.delete', userId: user.id, userEmail: user.email, targetId: created.id },
      { action: 'news.create', userId: user.id, targetId: created.id, summary: null },
    ]);
  });

  it('records failed and successful logins, but not reads or refused changes', async () => {
    const editor = await makeUser(deps);
    await clientErrorOf(deps, publicCaller(deps).auth.login({ email: editor.email, password: 'wrong password' }));
    await publicCaller(deps).auth.login({ email: editor.email, password: testPassword });
    const { caller } = await adminCaller(deps);
    await caller.users.list({});
    await clientErrorOf(deps, caller.news.delete({ id: 12345 }));
    const actions = (await caller.audit.list({})).items.map((entry) => entry.action);
    expect(actions).toEqual(['auth.login', 'auth.loginFailed']);
  });
});

describe('applyRetention', () => {
  it('deletes long-archived messages and never-published stories with their files, and keeps the rest', async () => {
    const { caller } = await adminCaller(deps);
    const image = await makeImageUpload(deps);
    const oldArchived = await makeContact(deps, { imageUploadId: image.id });
    const oldPending = await makeContact(deps);
    const staleStory = await makeStory(deps);
    const publishedStory = await makeStory(deps);
    await caller.contacts.setStatus({ id: oldArchived, status: 'archived' });
    await caller.stories.publish({ id: publishedStory });
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    await deps.db.transaction((tx) => tx.update(contactMessages).set({ updatedAt: longAgo, createdAt: longAgo }));
    await deps.db.transaction((tx) => tx.update(stories).set({ createdAt: longAgo }));

    expect(await applyRetention(deps, 30)).toEqual({ contacts: 1, stories: 1 });
    expect(fs.existsSync(folderOf(deps.storage).absolute(image.path))).toBe(false);
    expect(await deps.db.select({ id: contactMessages.id }).from(contactMessages)).toEqual([{ id: oldPending }]);
    expect(await deps.db.select({ id: stories.id }).from(stories)).toEqual([{ id: publishedStory }]);
    expect((await deps.db.select().from(stories).where(eq(stories.id, staleStory)).limit(1))[0]).toBeUndefined();
  });

  it('keeps everything when retention is off (0 days) or items are recent', async () => {
    await makeStory(deps);
    await makeContent(deps, 'news');
    expect(await applyRetention(deps, 0, Date.now() + 1000 * 86_400_000)).toEqual({ contacts: 0, stories: 0 });
    expect(await applyRetention(deps, 30)).toEqual({ contacts: 0, stories: 0 });
    expect(await deps.db.select().from(stories)).toHaveLength(1);
  });
});
