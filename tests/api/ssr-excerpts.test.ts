import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../src/shared/locale.ts';
import { makeContent, makeLegalItem } from '../factories/index.ts';
import { makePublishedStory } from '../factories/public-content.ts';
import { renderedPage, textOf } from '../setup/rendered-page.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

/** Long enough that every card cuts them; the cuts at 50, 70, 80 and 180 characters fall inside words. */
const texts = {
  en: {
    title: 'Midwives in Herat keep the clinic open through the winter for every woman',
    description:
      'Midwives working in remote districts of Herat describe women left without care. In the winter months the roads close, and the clinic is the only place where mothers can give birth safely; its staff have not been paid since spring.',
  },
  fa: {
    title: 'ماماها در هرات درمانگاه را در تمام زمستان برای همهٔ زنان روستاها باز نگه می‌دارند و می‌خواهند بمانند',
    description:
      'ماماهایی که در ولسوالی‌های دورافتادهٔ هرات کار می‌کنند از زنانی می‌گویند که بی‌مراقبت مانده‌اند. در ماه‌های زمستان راه‌ها بسته می‌شوند و این کلینیک تنها جایی است که مادران می‌توانند در آن به سلامت زایمان کنند؛ کارکنانش از بهار حقوق نگرفته‌اند و با این همه می‌مانند.',
  },
} as const;

let deps: TestDeps;
beforeAll(async () => {
  deps = createTestDeps();
  const both = { titleEn: texts.en.title, titleFa: texts.fa.title, descriptionEn: texts.en.description, descriptionFa: texts.fa.description };
  await makeContent(deps, 'news', { ...both, category: 'top' });
  await makeLegalItem(deps, both);
  await makePublishedStory(deps, { title: 'A story', description: texts.en.description });
});
afterAll(() => deps?.cleanup());

/** A shortened text: the whole text when it fits; otherwise whole words of it and '…', within `max` characters. */
function expectCutBetweenWords(shown: string, full: string, max: number) {
  const length = Array.from(shown).length;
  expect(length, shown).toBeLessThanOrEqual(max);
  if (Array.from(full).length <= max) return expect(shown).toBe(full);
  expect(shown.endsWith('…'), shown).toBe(true);
  const kept = shown.slice(0, -1);
  expect(full.startsWith(kept), shown).toBe(true);
  // White space follows in the full text (after a full stop or comma the ellipsis replaced): the last word kept is whole.
  expect(full.slice(kept.length, kept.length + 2), shown).toMatch(/^[.,;:\u060c\u061b]?\s/);
  // And the cut takes as much as fits: not a word more.
  expect(length, shown).toBeGreaterThan(max / 2);
}

describe('cards shorten titles and previews between whole words, in both languages', () => {
  it.each(['en', 'fa'] as const)('on the home page (%s)', async (language: Language) => {
    const page = await renderedPage(deps, '/', language);
    const [lead] = page.byTestId('lead-story');
    expect(lead).toBeDefined();
    const [title] = page.byTestId('card-title');
    const [preview] = page.byTestId('card-preview');
    expectCutBetweenWords(textOf(title!), texts[language].title, 50);
    expectCutBetweenWords(textOf(preview!), texts[language].description, 70);
  });

  it.each(['en', 'fa'] as const)('on the news list (%s)', async (language: Language) => {
    const page = await renderedPage(deps, '/latestnews', language);
    const [preview] = page.byTestId('card-preview');
    expectCutBetweenWords(textOf(preview!), texts[language].description, 70);
  });

  it.each(['en', 'fa'] as const)('on the legal-awareness list (%s)', async (language: Language) => {
    const page = await renderedPage(deps, '/legal-awareness', language);
    expectCutBetweenWords(textOf(page.byTestId('legal-title')[0]!), texts[language].title, 80);
    expectCutBetweenWords(textOf(page.byTestId('legal-description')[0]!), texts[language].description, 180);
  });

  it('on the published stories', async () => {
    const page = await renderedPage(deps, '/yourStory', 'en');
    const [card] = page.byTestId('story-card');
    const preview = page.byTag('p').find((element) => card && textOf(card).includes(textOf(element)) && textOf(element).startsWith('Midwives'));
    expectCutBetweenWords(textOf(preview!), texts.en.description, 180);
  });
});
