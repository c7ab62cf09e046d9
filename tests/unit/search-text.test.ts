import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../src/server/search/match.ts';
import { alternativeSpellings, compoundsOf, normalizeSearchText as normalize, querySpellings, searchKey, ZWNJ } from '../../src/shared/search-text.ts';

describe('normalizeSearchText', () => {
  it.each([
    ['Arabic yeh and kaf become Persian', 'علي كتاب', 'علی کتاب'],
    ['alef maksura becomes yeh', 'مصطفى', 'مصطفی'],
    ['teh marbuta and heh with yeh become heh', 'مدرسة خانۀ', 'مدرسه خانه'],
    ['hamza seats and madda become their letters', 'أحمد إسلام آزادی مؤمن', 'احمد اسلام آزادی مومن'],
    ['short vowels, shadda, tanwin and superscript alef go', 'حُقُوقِ زَنّ رَحْمٰن كِتاباً', 'حقوق زن رحمن کتابا'],
    ['tatweel goes', 'ســــلام', 'سلام'],
    ['Persian and Arabic-Indic digits become Latin', '۱۴۰۲ ١٤٠٢ 1402', '1402 1402 1402'],
    ['presentation forms become their letters', 'ﻻ ﺳﻼﻡ', 'لا سلام'],
    ['a joiner typed for a non-joiner becomes one', 'می\u200dخواهم', `می${ZWNJ}خواهم`],
    ['a spaced verbal prefix is attached', 'می خواهم نمی دانم', `می${ZWNJ}خواهم نمی${ZWNJ}دانم`],
    ['a spaced plural or comparative suffix is attached', 'کتاب ها بزرگ ترین', `کتاب${ZWNJ}ها بزرگ${ZWNJ}ترین`],
    ['a non-joiner next to a space or at an end goes', `${ZWNJ}زن ${ZWNJ}ها${ZWNJ}`, `زن${ZWNJ}ها`],
    ['runs of spaces, tabs and newlines become one space', ' a\t\tb\n\nc ', 'a b c'],
    ['direction marks and soft hyphens go', '\u200fزن\u200e co\u00adop', 'زن coop'],
    ['Pashto letters stay distinct', 'ټ ډ ړ ږ ښ ځ څ ګ ڼ ې ۍ ئ', 'ټ ډ ړ ږ ښ ځ څ ګ ڼ ې ۍ ئ'],
    ['Dari and Persian text is otherwise unchanged', 'حقوق زنان در افغانستان', 'حقوق زنان در افغانستان'],
    ['English keeps its case (the index folds it)', 'Women’s Rights', 'Women’s Rights'],
  ])('%s', (_name, input, expected) => {
    expect(normalize(input)).toBe(expected);
  });

  it('does not take می inside a word for the prefix', () => {
    expect(normalize('میز بزرگ')).toBe('میز بزرگ');
    expect(normalize('تمیز است')).toBe('تمیز است');
  });
});

describe('alternativeSpellings, querySpellings and searchKey', () => {
  it('lists every compound with a non-joiner joined, and every word with آ written with ا', () => {
    expect(alternativeSpellings(normalize('می‌خواهم کتاب‌ها را بخوانم'))).toBe('میخواهم کتابها');
    expect(alternativeSpellings(normalize('آزادی‌ها و آب'))).toBe('آزادیها ازادیها ازادی اب');
  });

  it('asks for a query word as typed, joined and with آ as ا', () => {
    expect(querySpellings(`آزادی${ZWNJ}ها`)).toEqual([`آزادی${ZWNJ}ها`, 'آزادیها', `ازادی${ZWNJ}ها`, 'ازادیها']);
    expect(querySpellings('rights')).toEqual(['rights']);
  });

  it('adds the singular of an irregular English plural, on both sides, whatever its case', () => {
    expect(querySpellings('Women')).toEqual(['Women', 'woman']);
    expect(querySpellings('woman')).toEqual(['woman']);
    expect(alternativeSpellings(normalize('WOMEN and children, not constructor'))).toBe('woman child');
  });

  it('gives one key to titles that read the same', () => {
    expect(searchKey('Women’s  RIGHTS!')).toBe(searchKey('women’s rights'));
    expect(searchKey('حقوقِ زنان ۱۴۰۲')).toBe(searchKey('حقوق زنان 1402'));
  });
});

describe('compileQuery', () => {
  it('quotes every word, so FTS5 syntax is only ever words', () => {
    for (const hostile of ['"', 'a OR b', 'NEAR(a b)', 'title_en: x', '*', 'a AND NOT b', "'); DROP TABLE posts; --", '^x', '{a b}: c', '-x +y']) {
      const compiled = compileQuery(hostile);
      if (!compiled) continue;
      // Outside the quotes there are only our own operators and brackets.
      const outside = compiled.terms.replace(/"[^"]*"/g, '');
      expect(outside.replace(/\b(AND|OR)\b|[()\s]/g, '')).toBe('');
    }
  });

  it('is null for a query without a word', () => {
    for (const nothing of ['', '   ', '"""', '*', '()', '\u200c\u200c', '!?']) expect(compileQuery(nothing)).toBeNull();
  });

  it('asks for a compound joined or split', () => {
    expect(compileQuery('می خواهم')?.terms).toBe(`("می${ZWNJ}خواهم" OR "میخواهم")`);
  });
});

/** Characters a Persian, Arabic or English keyboard (or a copy from the web) can produce. */
const keyboardChar = fc.constantFrom(
  ...'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیيكىةۀأإآؤئءټډړږښځڅګڼېۍ',
  ...'\u064b\u064e\u064f\u0650\u0651\u0652\u0670\u0640',
  ...'۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩0123456789',
  '\u200c',
  '\u200d',
  '\u200b',
  '\u200f',
  ' ',
  ' ',
  '\n',
  ...'aeiouRSTxyzÉé.,!?"\'()*:-',
  'ﻻ',
  'ﺳ',
  'می ',
  ' ها',
  ' های',
  'نمی ',
  ' ترین',
);
const keyboardText = fc.array(keyboardChar, { maxLength: 40 }).map((chars) => chars.join(''));

describe('normalisation properties', () => {
  it('normalising twice changes nothing', () => {
    fc.assert(
      fc.property(fc.oneof(keyboardText, fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 })), (text) => {
        const once = normalize(text);
        expect(normalize(once)).toBe(once);
      }),
      { numRuns: 3000 },
    );
  }, 30_000);

  it('keys and joined compounds are stable under normalisation', () => {
    fc.assert(
      fc.property(keyboardText, (text) => {
        expect(searchKey(normalize(text))).toBe(searchKey(text));
        expect(alternativeSpellings(normalize(normalize(text)))).toBe(alternativeSpellings(normalize(text)));
      }),
      { numRuns: 1000 },
    );
  });
});

/**
 * Query and text side agree: the index's tokens of a text (its words split at non-joiners, plus
 * its compounds joined) contain every term of a query for a piece of that text, however either
 * side spelled letters, digits, vowel marks, tatweel and non-joiners.
 */
const words = [
  ['حقوق'],
  ['زنان'],
  ['می', 'خواهم'],
  ['کتاب', 'ها'],
  ['نیم', 'روز'],
  ['آزادی'],
  ['مدرسه'],
  ['دختر', 'ها'],
  ['۱۴۰۲'],
  ['کار'],
  ['یکی'],
  ['بزرگ', 'ترین'],
];
type Spelling = { boundary: string; letters: (text: string) => string };
const letterVariants: Record<string, string[]> = {
  ی: ['ی', 'ي', 'ى'],
  ک: ['ک', 'ك'],
  ا: ['ا', 'أ'],
  '۱': ['۱', '١', '1'],
  '۴': ['۴', '٤', '4'],
  '۰': ['۰', '٠', '0'],
  '۲': ['۲', '٢', '2'],
};

const spelling = fc
  .record({
    boundary: fc.constantFrom(ZWNJ, '\u200d', ' ', ''),
    seed: fc.nat(),
    marks: fc.boolean(),
  })
  .map(({ boundary, seed, marks }): Spelling => ({
    boundary,
    letters: (text) =>
      [...text]
        .map((char, index) => {
          const options = letterVariants[char];
          const letter = options ? options[(seed + index) % options.length]! : char;
          return marks && (seed + index) % 3 === 0 && /\p{L}/u.test(char) ? `${letter}${(seed + index) % 2 ? '\u064e' : '\u0640'}` : letter;
        })
        .join(''),
  }));

const write = (chosen: string[][], how: Spelling) => chosen.map((parts) => parts.map(how.letters).join(how.boundary)).join(' ');

function indexTokens(text: string): Set<string> {
  const normalized = normalize(text);
  const split = normalized.match(/[\p{L}\p{N}\p{Co}]+/gu) ?? [];
  return new Set([...split, ...alternativeSpellings(normalized).split(' ')].map((token) => token.toLowerCase()));
}

/** Whether every query term is found: a word, or a compound joined or as consecutive parts. */
function found(query: string, text: string): boolean {
  const tokens = indexTokens(text);
  const sequence = (normalize(text).match(/[\p{L}\p{N}\p{Co}]+/gu) ?? []).join(' ');
  return compoundsOf(normalize(query)).every((compound) =>
    querySpellings(compound).some((spelling) =>
      spelling.includes(ZWNJ) ? ` ${sequence} `.includes(` ${spelling.split(ZWNJ).join(' ')} `) : tokens.has(spelling.toLowerCase()),
    ),
  );
}

describe('query and text side agree', () => {
  it('a query for words of a text finds it, whatever the keyboard did on either side', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }), spelling, spelling, fc.nat(), (chosen, editor, reader, start) => {
        // A space on one side and nothing on the other cannot be told apart from two words without
        // a dictionary; the affixes (می، ها، ترین) are the exception the normaliser knows.
        const from = start % chosen.length;
        const asked = chosen.slice(from, from + 2);
        const ambiguous = asked.some((parts) => parts.length > 1 && !['می', 'ها', 'ترین'].some((affix) => parts.includes(affix)));
        const spaceVersusNothing = new Set([editor.boundary, reader.boundary]).has(' ') && new Set([editor.boundary, reader.boundary]).has('');
        fc.pre(!(ambiguous && spaceVersusNothing));
        expect(found(write(asked, reader), write(chosen, editor))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
