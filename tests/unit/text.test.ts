import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excerpt } from '../../src/shared/text.ts';

/** No half of a surrogate pair left alone (String#isWellFormed, which the ES2023 lib does not type). */
const wellFormed = (text: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

/** White space that ends a word (a no-break space binds its neighbours instead). */
const spaces = '[^\\S\\u00a0\\u2007\\u202f\\ufeff]';
/** What may follow a cut: white space, or a full stop or comma the ellipsis replaced and then white space. */
const space = new RegExp(`^[.,;:\u060c\u061b\u06d4]?${spaces}`);

describe('excerpt', () => {
  const story = 'Women in Herat keep the schools open and teach girls in their homes';

  it('leaves text within the limit untouched', () => {
    expect(excerpt(story, story.length)).toBe(story);
    expect(excerpt('Short title', 40)).toBe('Short title');
    expect(excerpt('', 40)).toBe('');
  });

  it('answers an empty string for missing text', () => {
    expect(excerpt(null, 10)).toBe('');
    expect(excerpt(undefined, 10)).toBe('');
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

  it('puts the ellipsis in place of a full stop or comma ending what is kept, in both languages', () => {
    expect(excerpt('They gather. Teachers come too.', 18)).toBe('They gather…');
    expect(excerpt('In Herat, girls study at home', 15)).toBe('In Herat…');
    expect(excerpt('در هرات، دختران در خانه درس می‌خوانند', 12)).toBe('در هرات…');
    expect(excerpt('جمع می‌شوند. معلمان هم می‌آیند', 16)).toBe('جمع می‌شوند…');
    // A question keeps its mark, and an ellipsis the writer typed stays whole.
    expect(excerpt('Who decides? Women do', 16)).toBe('Who decides?…');
    expect(excerpt('And then... nothing at all', 14)).toBe('And then...…');
  });

  it('never cuts between words bound by a no-break space', () => {
    expect(excerpt('Kabul, 12\u00a0km away from here', 12)).toBe('Kabul…');
    expect(excerpt('Kabul, 12\u00a0km away from here', 13)).toBe('Kabul, 12\u00a0km…');
  });

  it('cuts a Persian word with a zero-width non-joiner nowhere, even when the limit falls right after it', () => {
    // The limit falls after 'این کلین' (mid-word) and after 'می\u200c' (at the joiner): neither is a word.
    expect(excerpt('این کلینیک باز است', 10)).toBe('این…');
    expect(excerpt('آنها می‌خواهند بروند', 9)).toBe('آنها…');
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
          expect(space.test(text.slice(kept.length, kept.length + 2)) || !new RegExp(`[^${spaces}]${spaces}`).test(kept)).toBe(true);
        }
      }),
    );
  });
});
