import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncate } from '../../src/shared/text.ts';

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
