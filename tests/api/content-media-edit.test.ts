import { describe, expect, it } from 'vitest';
import { makeContent, makeUser, systemCaller } from '../factories/index.ts';
import { json, sendForm, signIn, useRestServer } from './rest-kit.ts';

const secondItem = { link: 'https://www.youtube.com/watch?v=second00001', titleEn: 'Second clip', titleFa: 'ویدیوی دوم' };

describe('editing the first media item of a post', () => {
  const world = useRestServer();

  async function postWithTwoMedia() {
    const item = await makeContent(world.deps, 'news');
    const caller = systemCaller(world.deps, await makeUser(world.deps));
    await caller.news.update({
      id: item.id,
      media: [{ link: 'https://www.youtube.com/watch?v=first000001', titleEn: 'First clip', titleFa: 'ویدیوی نخست', descriptionEn: 'Old text' }, secondItem],
    });
    return { id: item.id, caller };
  }

  it('applies every one of several simultaneous REST edits of different fields, and keeps the other items', async () => {
    const { id, caller } = await postWithTwoMedia();
    const { client } = await signIn(world);
    // Each editor changes one field of the first media item, all at once, as the original form does.
    const edits: Record<string, string>[] = [
      { media_title_En: 'Edited clip title' },
      { media_title_fa: 'عنوان ویرایش‌شده' },
      { media_description_En: 'Edited description' },
      { media_description_fa: 'توضیح ویرایش‌شده' },
      { link: 'https://www.youtube.com/watch?v=edited00001' },
      { title_En: 'Edited post title' },
    ];
    const responses = await Promise.all(edits.map((fields) => sendForm(client, `/api/admin/news/${id}`, fields)));
    for (const response of responses) expect(response.status, JSON.stringify(await json(response.clone()))).toBe(200);

    const stored = await caller.news.byId({ id });
    expect(stored.titleEn).toBe('Edited post title');
    expect(stored.media).toEqual([
      {
        link: 'https://www.youtube.com/watch?v=edited00001',
        titleEn: 'Edited clip title',
        titleFa: 'عنوان ویرایش‌شده',
        descriptionEn: 'Edited description',
        descriptionFa: 'توضیح ویرایش‌شده',
      },
      { ...secondItem, descriptionEn: null, descriptionFa: null },
    ]);
  });

  // In one process these calls cannot interleave between a read and a write; the test that two
  // processes really editing at once lose nothing is content-edit-processes.test.ts.
  it('applies simultaneous procedure calls of the patch one after the other, never from a stale copy', async () => {
    const { id, caller } = await postWithTwoMedia();
    await Promise.all([
      caller.news.update({ id, firstMedia: { titleEn: 'A' } }),
      caller.news.update({ id, firstMedia: { descriptionFa: 'ب' } }),
      caller.news.update({ id, firstMedia: { link: '' } }),
    ]);
    const { media } = await caller.news.byId({ id });
    expect(media[0]).toEqual({ link: null, titleEn: 'A', titleFa: 'ویدیوی نخست', descriptionEn: 'Old text', descriptionFa: 'ب' });
    expect(media[1]).toMatchObject(secondItem);
  });

  it('refuses a patch with a bad link on the original field name, and changes nothing', async () => {
    const { id, caller } = await postWithTwoMedia();
    const before = await caller.news.byId({ id });
    const { client } = await signIn(world);
    const response = await sendForm(client, `/api/admin/news/${id}`, { link: 'javascript:alert(1)', media_title_En: 'x' });
    expect(response.status).toBe(422);
    expect(Object.keys((await json(response)).errors)).toEqual(['link']);
    expect(await caller.news.byId({ id })).toEqual(before);
  });
});
