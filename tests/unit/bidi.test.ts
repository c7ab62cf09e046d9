import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isolate, stripBidiOverrides } from '../../src/shared/bidi.ts';
import { createContactInput } from '../../src/shared/schemas/contacts.ts';
import { createContentInput, updateContentInput } from '../../src/shared/schemas/content.ts';
import { createLegalInput } from '../../src/shared/schemas/legal.ts';
import { createGalleryInput } from '../../src/shared/schemas/gallery.ts';
import { subscribeInput } from '../../src/shared/schemas/newsletter.ts';
import { createStoryInput } from '../../src/shared/schemas/stories.ts';
import { createUserInput, loginInput } from '../../src/shared/schemas/users.ts';

const LRO = '\u202D';
const RLO = '\u202E';
const LRE = '\u202A';
const RLE = '\u202B';
const PDF = '\u202C';
const LRI = '\u2066';
const RLI = '\u2067';
const FSI = '\u2068';
const PDI = '\u2069';
const ZWNJ = '\u200C';
const LRM = '\u200E';
const RLM = '\u200F';

/** True when every embedding and isolate is closed, in order, within its paragraph, and no override is left. */
function wellNested(text: string): boolean {
  const open: string[] = [];
  for (const char of text) {
    if (char === LRO || char === RLO) return false;
    if (char === LRE || char === RLE || char === LRI || char === RLI || char === FSI) open.push(char);
    else if (char === PDF) {
      if (!open.length || [LRI, RLI, FSI].includes(open.at(-1)!)) return false;
      open.pop();
    } else if (char === PDI) {
      if (!open.length || ![LRI, RLI, FSI].includes(open.at(-1)!)) return false;
      open.pop();
    } else if (/[\n\r\u2029]/.test(char) && open.length) return false;
  }
  return open.length === 0;
}

const pieces = fc.constantFrom('a', 'ب', ' ', '.exe', 'سلام', '\n', LRO, RLO, LRE, RLE, PDF, LRI, RLI, FSI, PDI, ZWNJ, LRM, RLM, '😀');
const hostile = fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join(''));

describe('stripBidiOverrides', () => {
  it('removes an override so a name reads in the order it was typed', () => {
    expect(stripBidiOverrides(`Eve ${RLO}evil.exe${PDF}`)).toBe('Eve evil.exe');
    expect(stripBidiOverrides(`${LRO}abc`)).toBe('abc');
  });

  it('keeps closed embeddings and isolates, and drops unpaired ones', () => {
    expect(stripBidiOverrides(`a ${RLI}ب${PDI} c`)).toBe(`a ${RLI}ب${PDI} c`);
    expect(stripBidiOverrides(`a ${RLE}ب${PDF} c`)).toBe(`a ${RLE}ب${PDF} c`);
    expect(stripBidiOverrides(`a ${RLI}ب c`)).toBe('a ب c');
    expect(stripBidiOverrides(`a ${RLE}ب c`)).toBe('a ب c');
    expect(stripBidiOverrides(`a ${PDI}${PDF} c`)).toBe('a  c');
    // A paragraph ends every embedding: one opened on the first line does not reach the second.
    expect(stripBidiOverrides(`${RLE}one\ntwo${PDF}`)).toBe('one\ntwo');
    // An isolate closes what was opened inside it; the inner embedding had no pair of its own.
    expect(stripBidiOverrides(`${FSI}a${RLE}b${PDI}`)).toBe(`${FSI}ab${PDI}`);
  });

  it('keeps the marks Persian needs (ZWNJ, LRM, RLM) and leaves ordinary text alone', () => {
    const persian = `می${ZWNJ}خواهم ${RLM}(۱۲)${LRM} iPhone`;
    expect(stripBidiOverrides(persian)).toBe(persian);
  });

  it('leaves no override and no unpaired control in any text, keeps everything else, and is idempotent', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const clean = stripBidiOverrides(text);
        expect(wellNested(clean)).toBe(true);
        const others = (value: string) => value.replace(/[\u202A-\u202E\u2066-\u2069]/g, '');
        expect(others(clean)).toBe(others(text));
        expect(stripBidiOverrides(clean)).toBe(clean);
      }),
      { numRuns: 2000 },
    );
  });

  it('isolate wraps a line in a first-strong isolate that is itself well nested', () => {
    const line = hostile.map((text) => text.replace(/\n/g, ' '));
    fc.assert(fc.property(line, (text) => wellNested(isolate(stripBidiOverrides(text)))));
  });
});

describe('every text input schema cleans direction controls', () => {
  const name = `Eve ${RLO}evil.exe${PDF}`;
  it('visitor input: story, contact, newsletter', () => {
    expect(createStoryInput.parse({ title: name, description: `${RLO}x` })).toMatchObject({ title: 'Eve evil.exe', description: 'x' });
    expect(createContactInput.parse({ name, email: `${RLO}eve@example.org`, message: `hi ${LRI}` })).toMatchObject({
      name: 'Eve evil.exe',
      email: 'eve@example.org',
      message: 'hi',
    });
    expect(subscribeInput.parse({ email: `eve@example.org${RLO}` })).toEqual({ email: 'eve@example.org' });
  });

  it('editor input: content, gallery, users', () => {
    const content = createContentInput.parse({
      titleEn: name,
      titleFa: name,
      descriptionEn: name,
      descriptionFa: name,
      imageUploadId: 'a'.repeat(16),
      coverAltEn: name,
      coverAltFa: name,
    });
    expect(content).toMatchObject({ titleEn: 'Eve evil.exe', titleFa: 'Eve evil.exe', descriptionEn: 'Eve evil.exe', coverAltEn: 'Eve evil.exe' });
    expect(createGalleryInput.parse({ name, nameFa: name, videoLink: 'https://youtu.be/dQw4w9WgXcQ' })).toMatchObject({
      name: 'Eve evil.exe',
      nameFa: 'Eve evil.exe',
    });
    expect(createUserInput.parse({ name, email: 'eve@example.org', password: 'long enough password' })).toMatchObject({ name: 'Eve evil.exe' });
  });

  it('the rest: legal-awareness titles, a patch of the first media item, and the account typed at sign-in (kept in the activity log)', () => {
    expect(
      createLegalInput.parse({ titleEn: name, titleFa: name, descriptionEn: 'x', descriptionFa: 'x', videoLink: 'https://youtu.be/dQw4w9WgXcQ' }),
    ).toMatchObject({
      titleEn: 'Eve evil.exe',
      titleFa: 'Eve evil.exe',
    });
    expect(updateContentInput.parse({ id: 1, firstMedia: { titleEn: name, titleFa: name, descriptionEn: name, descriptionFa: name } }).firstMedia).toEqual({
      titleEn: 'Eve evil.exe',
      titleFa: 'Eve evil.exe',
      descriptionEn: 'Eve evil.exe',
      descriptionFa: 'Eve evil.exe',
    });
    // The password is taken exactly as typed: it is never shown, and changing it would lock people out.
    expect(loginInput.parse({ email: `${RLO}Eve@example.org`, password: `${RLO}secret` })).toEqual({ email: 'eve@example.org', password: `${RLO}secret` });
  });

  it('a text made only of controls counts as empty', () => {
    expect(createStoryInput.safeParse({ title: `${RLO}${PDF}`, description: 'x' }).success).toBe(false);
  });
});
