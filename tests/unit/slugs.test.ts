import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemPathOf, itemPathsOf, withoutSlug } from '../../src/shared/content-kinds.ts';
import { idOfSegment, itemSlugs, SLUG_MAX, sluggedSegment, slugify } from '../../src/shared/slugs.ts';
import { canonicalAddress } from '../../src/client/pages/public/page-addresses.ts';
import { editorialFields } from '../../src/shared/schemas/editorial.ts';

describe('a slug made from a title', () => {
  it('lowercases Latin letters, drops their accents and apostrophes, and makes every other run one hyphen', () => {
    expect(slugify('Women Teachers')).toBe('women-teachers');
    expect(slugify('  Women’s rights: 10 years on!  ')).toBe('womens-rights-10-years-on');
    expect(slugify('Café — Zürich & São Paulo')).toBe('cafe-zurich-sao-paulo');
    expect(slugify('Straße, Æsir, Łódź')).toBe('strasse-aesir-lodz');
    expect(slugify('ＦＵＬＬ width')).toBe('full-width');
  });

  it('keeps Persian letters and digits, in their Persian forms', () => {
    expect(slugify('معلمان زن')).toBe('معلمان-زن');
    // Arabic yeh, alef maksura and kaf as Persian writes them; Arabic-Indic digits as Persian ones.
    expect(slugify('كتابي على ٢٠٢٤')).toBe('کتابی-علی-۲۰۲۴');
    expect(slugify('حقوق زنان در ۱۴۰۳')).toBe('حقوق-زنان-در-۱۴۰۳');
    // Persian punctuation separates words.
    expect(slugify('«زن، زندگی، آزادی»؟')).toBe('زن-زندگی-آزادی');
    // آ stays آ: only vowel signs (which are marks) go.
    expect(slugify('آزادیِ بیان')).toBe('آزادی-بیان');
    expect(slugify('مَدرسه')).toBe('مدرسه');
    // The ezafe's hamza above is a mark too: دربارهٔ reads درباره, as Persian addresses usually write it.
    expect(slugify('دربارهٔ اجازهٔ سفر')).toBe('درباره-اجازه-سفر');
  });

  it('drops the zero-width non-joiner inside a word, the tatweel and every direction control', () => {
    expect(slugify('زن‌ها می‌خواهند')).toBe('زنها-میخواهند');
    expect(slugify('حـــقوق')).toBe('حقوق');
    expect(slugify('\u202eevil\u202c \u2067نام\u2069 \u200fx\u200e')).toBe('evil-نام-x');
    expect(slugify('a\u00adb')).toBe('ab');
  });

  it('mixes scripts, and leaves nothing for a title with nothing readable', () => {
    expect(slugify('UN گزارش 2024')).toBe('un-گزارش-2024');
    expect(slugify('!!! — ???')).toBe('');
    expect(slugify('')).toBe('');
    expect(slugify('Новости')).toBe('');
  });

  it('is cut after a whole word within the bound, and a single long word at the bound', () => {
    const title = 'The right of women teachers in rural Afghanistan to keep working after the new decrees were announced';
    const slug = slugify(title);
    expect([...slug].length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toBe('the-right-of-women-teachers-in-rural-afghanistan-to-keep-working-after-the-new');
    expect(title.toLowerCase().replace(/ /g, '-').startsWith(slug)).toBe(true);
    expect(slugify('a'.repeat(200))).toBe('a'.repeat(SLUG_MAX));
    const persian = slugify('حقوق '.repeat(40));
    expect([...persian].length).toBeLessThanOrEqual(SLUG_MAX);
    expect(persian.endsWith('حقوق')).toBe(true);
  });

  it('is idempotent, bounded and made only of what an address may show', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        const slug = slugify(text);
        expect(slugify(slug)).toBe(slug);
        expect([...slug].length).toBeLessThanOrEqual(SLUG_MAX);
        expect(slug).toMatch(/^(?:[a-z0-9\p{Script=Arabic}]+(?:-[a-z0-9\p{Script=Arabic}]+)*)?$/u);
        expect(slug).not.toMatch(/[\u064a\u0643\u0649\u200c\u202a-\u202e\u2066-\u2069]/);
      }),
    );
  });
});

describe('an item address', () => {
  const item = { id: 123, titleEn: 'Women teachers', titleFa: 'معلمان زن', slugEn: null, slugFa: null };

  it('uses the slug an editor wrote, else the title’s in that language, else the other title’s', () => {
    expect(itemSlugs(item)).toEqual({ slugEn: 'women-teachers', slugFa: 'معلمان-زن' });
    expect(itemSlugs({ ...item, slugFa: 'نشانی-ویژه' })).toEqual({ slugEn: 'women-teachers', slugFa: 'نشانی-ویژه' });
    expect(itemSlugs({ ...item, titleFa: '' })).toEqual({ slugEn: 'women-teachers', slugFa: 'women-teachers' });
  });

  it('is the id and the slug, Persian percent-encoded, per kind and language', () => {
    const slugged = { id: 123, ...itemSlugs(item) };
    expect(itemPathOf('news', slugged, 'en')).toBe('/news/123-women-teachers');
    expect(itemPathOf('news', slugged, 'fa')).toBe(`/news/123-${encodeURIComponent('معلمان-زن')}`);
    expect(decodeURI(itemPathOf('article', slugged, 'fa'))).toBe('/articles/123-معلمان-زن');
    expect(itemPathsOf('legal', slugged)).toEqual({ en: '/legal/123-women-teachers', fa: `/legal/123-${encodeURIComponent('معلمان-زن')}` });
    // An item whose titles make no slug is its number alone.
    expect(itemPathOf('report', { id: 9, slugEn: '', slugFa: '' }, 'en')).toBe('/reports/9');
    expect(sluggedSegment(5, null)).toBe('5');
  });

  it('is read by its leading id alone, whatever follows, encoded or not', () => {
    expect(idOfSegment('123')).toBe(123);
    expect(idOfSegment('123-women-teachers')).toBe(123);
    expect(idOfSegment('123-')).toBe(123);
    expect(idOfSegment('123-معلمان-زن')).toBe(123);
    expect(idOfSegment('123-%D9%85%D8%B9')).toBe(123);
    expect(idOfSegment('123-2024-report')).toBe(123);
    for (const nothing of [undefined, '', 'abc', '-123', '0', '0-x', '123abc', '1234567890123456', '99999999999-x']) expect(idOfSegment(nothing)).toBeNull();
  });

  it('is rendered and kept as its id alone, so no slug makes a new page', () => {
    for (const asked of [
      '/news/123',
      '/news/123-women-teachers',
      '/news/123-anything-at-all',
      `/news/123-${encodeURIComponent('معلمان-زن')}`,
      '/news/123-معلمان-زن',
      '/NEWS/123-x/',
    ])
      expect(canonicalAddress(asked, '')).toBe('/news/123');
    expect(canonicalAddress('/legal/7-some-slug', '?lang=fa&utm=1')).toBe('/legal/7?lang=fa');
    // An id no item can have is one not-found page, as before.
    expect(canonicalAddress('/articles/abc-x', '')).toBe('/articles/0');
    // Stories keep their numeric addresses.
    expect(canonicalAddress('/stories/4-x', '')).toBe('/stories/0');
  });

  it('names the page itself without its slug, as the server renders it', () => {
    expect(withoutSlug('/news/123-women-teachers')).toBe('/news/123');
    expect(withoutSlug('/legal/5-معلمان-زن')).toBe('/legal/5');
    expect(withoutSlug('/news/123')).toBe('/news/123');
    expect(withoutSlug('/stories/4-x')).toBe('/stories/4-x');
    expect(withoutSlug('/latestnews')).toBe('/latestnews');
  });
});

describe('a slug an editor writes', () => {
  const slug = editorialFields.slugFa;

  it('is made a slug by the same function, empty is absent, null clears it', () => {
    expect(slug.parse('  Women Teachers! ')).toBe('women-teachers');
    expect(slug.parse('معلمان زن')).toBe('معلمان-زن');
    expect(slug.parse('')).toBeUndefined();
    expect(slug.parse(null)).toBeNull();
  });

  it('is refused when nothing readable is left, or when far too long', () => {
    expect(slug.safeParse('!!!').error?.issues[0]?.message).toBe('slugInvalid');
    expect(slug.safeParse('a'.repeat(201)).success).toBe(false);
  });
});
