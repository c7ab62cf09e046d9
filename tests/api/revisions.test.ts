import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { revisions, uploads } from '../../src/server/db/schema.ts';
import { documentFromPlainText } from '../../src/shared/rich-text/plain-text.ts';
import { makeContent, makeImageUpload, makeLegalItem } from '../factories/index.ts';
import { adminCaller } from '../setup/callers.ts';
import { fieldErrorsOf } from '../setup/errors.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { folderOf } from '../setup/stored.ts';

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps({ REVISIONS_KEEP: '5' });
});
afterEach(() => deps.cleanup());

const revisionsOfPost = async (postId: number) => (await deps.db.select({ n: count() }).from(revisions).where(eq(revisions.postId, postId)))[0]!.n;
const uploadsAt = async (path: string) => (await deps.db.select({ n: count() }).from(uploads).where(eq(uploads.path, path)))[0]!.n;

describe('Revisions', () => {
  it('keeps one revision per save with who and when, in both languages', async () => {
    const { caller, user } = await adminCaller(deps);
    const item = await makeContent(deps, 'article', { titleEn: 'First title', titleFa: 'عنوان نخست' });
    await caller.articles.update({ id: item.id, titleEn: 'Second title', bodyFa: documentFromPlainText('متن تازه') });
    const list = await caller.revisions.list({ owner: 'post', id: item.id });
    expect(list.map((revision) => [revision.titleEn, revision.titleFa])).toEqual([
      ['Second title', 'عنوان نخست'],
      ['First title', 'عنوان نخست'],
    ]);
    // Named by name: a colleague's e-mail address is not shown to everyone who reads revisions.
    expect(list[0]!.savedBy).toBe(user.name);
    expect(JSON.stringify(list)).not.toContain(user.email);
    expect(list[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('shows what changed between two revisions, field by field and line by line, and who saved each by name', async () => {
    const { caller, user } = await adminCaller(deps);
    const item = await makeLegalItem(deps, { descriptionEn: 'Line one\n\nLine two', descriptionFa: 'یک' });
    await caller.legal.update({ id: item.id, bodyEn: documentFromPlainText('Line one\n\nLine 2'), titleFa: 'عنوان دیگر' });
    const [newer, older] = await caller.revisions.list({ owner: 'legal', id: item.id });
    const compared = await caller.revisions.compare({ from: older!.id, to: newer!.id });
    expect(compared.to.savedBy).toBe(user.name);
    expect(JSON.stringify(compared)).not.toContain(user.email);
    const { changes } = compared;
    expect(changes.map((change) => change.field)).toEqual(['titleFa', 'bodyEn']);
    expect(changes[1]!.lines).toEqual([
      { kind: 'same', text: 'Line one' },
      { kind: 'same', text: '' },
      { kind: 'removed', text: 'Line two' },
      { kind: 'added', text: 'Line 2' },
    ]);
  });

  it('shows a change that leaves the words alone: a link’s address, a word made bold, a picture swapped', async () => {
    const { caller } = await adminCaller(deps);
    const [first, second] = [await makeImageUpload(deps), await makeImageUpload(deps)];
    const body = (href: string, bold: boolean, picture: string) => ({
      type: 'doc' as const,
      content: [
        { type: 'heading' as const, attrs: { level: 2 as const }, content: [{ type: 'text' as const, text: 'Sources' }] },
        {
          type: 'paragraph' as const,
          content: [
            { type: 'text' as const, text: 'Read ' },
            { type: 'text' as const, text: 'the ruling', marks: [{ type: 'link' as const, attrs: { href } }, ...(bold ? [{ type: 'bold' as const }] : [])] },
          ],
        },
        { type: 'image' as const, attrs: { src: picture, alt: 'The court' } },
      ],
    });
    const item = await makeContent(deps, 'news');
    await caller.news.update({ id: item.id, bodyEn: body('https://example.org/a', false, first.path) });
    await caller.news.update({ id: item.id, bodyEn: body('https://example.org/b', true, second.path) });
    const [newer, older] = await caller.revisions.list({ owner: 'post', id: item.id });
    const { changes } = await caller.revisions.compare({ from: older!.id, to: newer!.id });
    expect(changes.map((change) => change.field)).toEqual(['bodyEn']);
    const lines = changes[0]!.lines;
    expect(lines).toContainEqual({ kind: 'same', text: '## Sources' });
    expect(lines).toContainEqual({ kind: 'removed', text: 'Read [the ruling](https://example.org/a)' });
    expect(lines).toContainEqual({ kind: 'added', text: 'Read **[the ruling](https://example.org/b)**' });
    expect(lines).toContainEqual({ kind: 'added', text: `![The court](${second.path})` });
  });

  it('restores a revision as a new one, leaving publication alone', async () => {
    const { caller } = await adminCaller(deps);
    const item = await makeContent(deps, 'news', { titleEn: 'Original', descriptionEn: 'Original text' });
    await caller.news.update({ id: item.id, titleEn: 'Mistake', descriptionEn: 'Wrong text', status: 'draft' });
    const [, original] = await caller.revisions.list({ owner: 'post', id: item.id });
    await caller.revisions.restore({ id: original!.id });
    const restored = await caller.news.adminById({ id: item.id });
    expect([restored.titleEn, restored.descriptionEn, restored.status]).toEqual(['Original', 'Original text', 'draft']);
    expect(await caller.revisions.list({ owner: 'post', id: item.id })).toHaveLength(3);
  });

  it('keeps only the configured number of revisions per item', async () => {
    const { caller } = await adminCaller(deps);
    const item = await makeContent(deps, 'report');
    const other = await makeContent(deps, 'report');
    for (let save = 0; save < 8; save++) await caller.reports.update({ id: item.id, titleEn: `Save ${save}` });
    const list = await caller.revisions.list({ owner: 'post', id: item.id });
    expect(list.map((revision) => revision.titleEn)).toEqual(['Save 7', 'Save 6', 'Save 5', 'Save 4', 'Save 3']);
    expect(await caller.revisions.list({ owner: 'post', id: other.id })).toHaveLength(1);
  });

  it('deletes an item’s revisions with it; its body pictures stay, in the library, privately when nothing else uses them', async () => {
    const { caller } = await adminCaller(deps);
    const shared = await makeImageUpload(deps);
    const own = await makeImageUpload(deps);
    const picture = (path: string) => ({ type: 'doc' as const, content: [{ type: 'image' as const, attrs: { src: path, alt: 'A picture' } }] });
    const item = await makeContent(deps, 'news');
    await caller.news.update({ id: item.id, bodyEn: picture(own.path), bodyFa: picture(shared.path) });
    const keeper = await makeContent(deps, 'news');
    await caller.news.update({ id: keeper.id, bodyEn: picture(shared.path) });
    await caller.news.delete({ id: item.id });
    expect(await revisionsOfPost(item.id)).toBe(0);
    expect(await uploadsAt(own.path)).toBe(1);
    expect(await uploadsAt(shared.path)).toBe(1);
    expect([Boolean(folderOf(deps.storage).existing(own.path, 'private')), Boolean(folderOf(deps.storage).existing(own.path, 'public'))]).toEqual([
      true,
      false,
    ]);
    expect(Boolean(folderOf(deps.storage).existing(shared.path, 'public'))).toBe(true);
  });

  it('refuses a body picture that was not uploaded here', async () => {
    const { caller } = await adminCaller(deps);
    const item = await makeContent(deps, 'news');
    const errors = await fieldErrorsOf(
      deps,
      caller.news.update({ id: item.id, bodyEn: { type: 'doc', content: [{ type: 'image', attrs: { src: 'images/aaaaaaaaaaaaaaaa.webp', alt: 'x' } }] } }),
    );
    expect(errors).toEqual({ bodyEn: ['The uploaded file was not found or has expired. Please upload it again.'] });
  });
});
