import { describe, expect, it } from 'vitest';
import { diffLines, diffWords } from '../../src/shared/text-diff.ts';

describe('a comparison of two versions', () => {
  it('marks the words that changed in a line, joining neighbours into one phrase', () => {
    expect(diffWords('Thirty lawyers met in Herat', 'Forty women lawyers met in Kabul')).toEqual([
      { kind: 'removed', text: 'Thirty' },
      { kind: 'added', text: 'Forty women' },
      { kind: 'same', text: ' lawyers met in ' },
      { kind: 'removed', text: 'Herat' },
      { kind: 'added', text: 'Kabul' },
    ]);
  });

  it('works on Persian words, and each side joined gives its line back', () => {
    const before = 'سی زن وکیل در هرات دیدار کردند';
    const after = 'چهل زن وکیل در کابل دیدار کردند.';
    const parts = diffWords(before, after);
    expect(parts.filter((part) => part.kind !== 'same').map((part) => part.text)).toEqual(['سی', 'چهل', 'هرات', 'کابل', 'کردند', 'کردند.']);
    expect(
      parts
        .filter((part) => part.kind !== 'added')
        .map((part) => part.text)
        .join(''),
    ).toBe(before);
    expect(
      parts
        .filter((part) => part.kind !== 'removed')
        .map((part) => part.text)
        .join(''),
    ).toBe(after);
  });

  it('still compares line by line', () => {
    expect(diffLines('a\nb', 'a\nc')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'c' },
    ]);
  });
});
