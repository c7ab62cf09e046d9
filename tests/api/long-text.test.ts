import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longText } from '../../src/server/db/long-text.ts';
import { legalItems, posts } from '../../src/server/db/schema.ts';
import { makeLegal } from '../factories/public-content.ts';
import { publicCaller } from '../setup/callers.ts';
import { createTestDeps, testDialect, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
beforeAll(() => {
  deps = createTestDeps();
});
afterAll(() => deps.cleanup());

// What a newsroom's text holds beside plain letters: joiners, direction marks and overrides, Arabic
// and Persian forms of the same letter, astral emoji with modifiers, and text past one 8 KB buffer.
const texts = [
  'حقوق زنان در ایران\u200cو افغانستان: «گزارش» ۱۴۰۳',
  '\u202eevil.exe\u202c \u2067فارسی\u2069 \u200f!',
  'يك كتاب ي ك — and English’s “quotes” …',
  '👩🏽‍⚖️ 🇮🇷 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'زنان '.repeat(5_000),
  '',
];

/**
 * SQLite hands long text over as bytes that Node decodes (src/server/db/long-text.ts); what a reader
 * gets must be exactly what was written, on either engine.
 */
describe(`long text read as bytes on ${testDialect}`, () => {
  it('gives back every text exactly as written, in a raw read and through a public list', async () => {
    const ids: number[] = [];
    for (const [index, text] of texts.entries()) {
      const [row] = await deps.db.transaction((tx) =>
        tx
          .insert(posts)
          .values({
            kind: 'news',
            titleEn: `Item ${index}`,
            titleFa: `خبر ${index}`,
            descriptionEn: text,
            descriptionFa: text,
            image: 'a.jpg',
            createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
            updatedAt: new Date(Date.UTC(2026, 0, 1 + index)),
          })
          .returning({ id: posts.id }),
      );
      ids.push(row!.id);
    }
    for (const [index, id] of ids.entries()) {
      const [read] = await deps.db
        .select({ text: longText(posts.descriptionFa, deps.db.dialect), nothing: longText<string | null>(posts.bodyFa, deps.db.dialect) })
        .from(posts)
        .where(eq(posts.id, id));
      expect(read).toEqual({ text: texts[index], nothing: null });
    }
    const list = await publicCaller(deps).news.list({ page: 1, pageSize: 20 });
    expect(list.items.map((item) => [item.id, item.descriptionFa, item.descriptionEn])).toEqual(
      ids.map((id, index) => [id, texts[index], texts[index]]).reverse(),
    );
    const item = await publicCaller(deps).news.byId({ id: ids[1]! });
    expect(item.descriptionFa).toBe(texts[1]);
  });

  it('gives a legal-awareness item’s Persian text back exactly, in the list and on its page', async () => {
    const text = texts[0]! + texts[1]! + texts[3]!;
    const { id } = await makeLegal(deps, { descriptionFa: text, videoLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    // As the editor's save cleaned it (direction overrides are taken out of saved text), read as text.
    const [stored] = await deps.db.select({ text: legalItems.descriptionFa }).from(legalItems).where(eq(legalItems.id, id));
    expect(stored!.text).toContain('زنان');
    const caller = publicCaller(deps);
    expect((await caller.legal.list({ page: 1, pageSize: 10 })).items.find((item) => item.id === id)?.descriptionFa).toBe(stored!.text);
    expect((await caller.legal.byId({ id })).descriptionFa).toBe(stored!.text);
  });
});
