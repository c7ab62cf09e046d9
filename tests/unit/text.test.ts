import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excerpt, truncate } from '../../src/shared/text.ts';

/** No half of a surrogate pair left alone (String#isWellFormed, which the ES2023 lib does not type). */
const wellFormed = (text: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('truncate', () => {
  it('leaves text within the limit untouched, with no ellipsis', () => {
    expect(truncate('Short title', 40)).toBe('Short title');
    expect(truncate('exactly ten', 11)).toBe('exactly ten');
  });

  it('cuts longer text to the limit and adds an ellipsis', () => {
    expect(truncate('abcdefghijklmnop', 5)).toBe('abcde...');
  });

  it('drops the space left dangling before the ellipsis', () => {
    expect(truncate('Women march in Kabul', 6)).toBe('Women...');
  });

  it('takes another ellipsis when given one', () => {
    expect(truncate('abcdefghij', 4, '…')).toBe('abcd…');
  });

  it('answers an empty string for missing text', () => {
    expect(truncate(null, 10)).toBe('');
    expect(truncate(undefined, 10)).toBe('');
    expect(truncate('', 10)).toBe('');
  });

  it('counts Persian letters one by one, so no letter is cut in half', () => {
    const title = 'حقوق زنان در ایران و افغانستان';
    expect(truncate(title, 4)).toBe('حقوق...');
    expect(truncate(title, Array.from(title).length)).toBe(title);
  });

  it('keeps Persian text with a zero-width non-joiner whole up to the limit', () => {
    expect(truncate('می‌خواهیم بدانیم', 3)).toBe('می\u200c...');
  });

  it('counts an emoji as one character and never splits its surrogate pair', () => {
    const text = '✊🏽👩‍⚖️📢📢📢📢';
    const cut = truncate('📢📢📢📢📢', 3);
    expect(cut).toBe('📢📢📢...');
    expect(wellFormed(cut)).toBe(true);
    expect(wellFormed(truncate(text, 2))).toBe(true);
    expect(wellFormed('📢'.slice(0, 1))).toBe(false);
  });

  it('for any text, keeps a well-formed prefix of at most the limit in code points', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.integer({ min: 0, max: 40 }), (text, max) => {
        const cut = truncate(text, max);
        expect(wellFormed(cut)).toBe(true);
        if (Array.from(text).length <= max) {
          expect(cut).toBe(text);
        } else {
          expect(cut.endsWith('...')).toBe(true);
          const kept = cut.slice(0, -3);
          expect(Array.from(kept).length).toBeLessThanOrEqual(max);
          expect(text.startsWith(kept)).toBe(true);
        }
      }),
    );
  });
});

describe('excerpt', () => {
  const story = 'Women in Herat keep the schools open and teach girls in their homes';

  it('leaves text within the limit untouched', () => {
    expect(excerpt(story, story.length)).toBe(story);
    expect(excerpt('', 40)).toBe('');
  });

  it('cuts after the last whole word and counts the ellipsis within the limit', () => {
    expect(excerpt(story, 20)).toBe('Women in Herat keep…');
    expect(excerpt(story, 19)).toBe('Women in Herat…');
    expect(excerpt(story, 16)).toBe('Women in Herat…');
    expect(Array.from(excerpt(story, 20)).length).toBeLessThanOrEqual(20);
  });

  it('keeps a word that ends exactly at the limit', () => {
    expect(excerpt('one two three', 8)).toBe('one two…');
  });

  it('cuts a single word longer than the limit where the limit falls', () => {
    expect(excerpt('Antidisestablishmentarianism is long', 10)).toBe('Antidises…');
  });

  it('cuts Persian text at a space, never inside a word joined by a zero-width non-joiner', () => {
    const persian = 'زنان می‌خواهند به مدرسه بروند';
    expect(excerpt(persian, 12)).toBe('زنان…');
    expect(excerpt(persian, 16)).toBe('زنان می‌خواهند…');
  });

  it('counts an emoji as one character and never splits its surrogate pair', () => {
    const cut = excerpt('📢📢📢📢📢📢', 4);
    expect(cut).toBe('📢📢📢…');
    expect(wellFormed(cut)).toBe(true);
  });

  it('for any text, keeps a well-formed prefix of at most the limit, ellipsis included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.integer({ min: 1, max: 60 }), (text, max) => {
        const cut = excerpt(text, max);
        expect(wellFormed(cut)).toBe(true);
        expect(Array.from(cut).length).toBeLessThanOrEqual(max);
        if (Array.from(text).length <= max) {
          expect(cut).toBe(text);
        } else {
          expect(cut.endsWith('…')).toBe(true);
          const kept = cut.slice(0, -1);
          expect(text.startsWith(kept)).toBe(true);
          // Cut between words, unless what is kept is a single word too long for the limit.
          expect(/^\s/.test(text.slice(kept.length)) || !/\S\s/.test(kept)).toBe(true);
        }
      }),
    );
  });
});
