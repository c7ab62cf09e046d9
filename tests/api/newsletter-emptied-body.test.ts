import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paragraphDocument } from '../factories/index.ts';
import { adminCaller } from '../setup/callers.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

/** What the body editor holds once its text is deleted: one empty paragraph, not an empty document. */
const emptied = { type: 'doc' as const, content: [{ type: 'paragraph' as const }] };

describe('a newsletter body the editor emptied', () => {
  it('is no body: that language is not written, so it asks for no subject and receives nothing', async () => {
    const { caller } = await adminCaller(deps);
    const { id } = await caller.newsletters.create({ subjectFa: 'هفتگی', bodyFa: paragraphDocument('سلام'), subjectEn: '', bodyEn: emptied });
    expect(await caller.newsletters.byId({ id })).toMatchObject({ bodyEn: null, subjectEn: '' });
    expect((await caller.newsletters.preview({ id, language: 'fa' })).languages).toEqual(['fa']);

    // A subject with only an emptied body is still refused: a language is written with both.
    await expect(caller.newsletters.update({ id, subjectEn: 'Weekly', bodyEn: emptied })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
