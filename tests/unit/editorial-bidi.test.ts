import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { richTextDocument } from '../../src/shared/rich-text/schema.ts';
import { updateContentInput } from '../../src/shared/schemas/content.ts';
import { createLegalInput, updateLegalInput } from '../../src/shared/schemas/legal.ts';

/**
 * The cover's words and the body's text are shown to readers like any other text an editor
 * sends, so they are cleaned the same way (src/shared/bidi.ts): no direction override, no
 * embedding or isolate left open. An editor who pastes from a hostile page cannot carry one in.
 */
const RLO = '\u202E';
const LRO = '\u202D';
const RLE = '\u202B';
const PDF = '\u202C';
const RLI = '\u2067';
const PDI = '\u2069';
const ZWNJ = '\u200C';
const CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/** No override, and every embedding and isolate closed, in order, within its line. */
function wellNested(text: string): boolean {
  const open: string[] = [];
  for (const char of text) {
    if (char === RLO || char === LRO) return false;
    if (char === RLE || char === RLI) open.push(char);
    else if (char === PDF || char === PDI) {
      if (open.pop() !== (char === PDF ? RLE : RLI)) return false;
    } else if (char === '\n' && open.length) return false;
  }
  return open.length === 0;
}

const image = 'images/0123456789abcdef.png';
const doc = (...content: unknown[]) => ({ type: 'doc', content });

describe('the cover’s words', () => {
  it('lose direction overrides and unpaired controls in alt text, caption and credit, on create and update', () => {
    const words = {
      coverAltEn: `Eve ${RLO}gpj.exe`,
      coverAltFa: `${RLI}تصویر`,
      coverCaptionEn: `A march ${LRO}in Kabul`,
      coverCaptionFa: `راهپیمایی ${RLE}در کابل`,
      coverCredit: `Photo: ${RLO}kcaJ`,
    };
    const cleaned = { coverAltEn: 'Eve gpj.exe', coverAltFa: 'تصویر', coverCaptionEn: 'A march in Kabul', coverCaptionFa: 'راهپیمایی در کابل', coverCredit: 'Photo: kcaJ' };
    const legal = createLegalInput.parse({ titleEn: 'T', titleFa: 'ت', descriptionEn: 'D', descriptionFa: 'د', videoLink: 'https://youtu.be/dQw4w9WgXcQ', ...words });
    expect(legal).toMatchObject(cleaned);
    expect(updateLegalInput.parse({ id: 1, ...words })).toMatchObject(cleaned);
    expect(updateContentInput.parse({ id: 1, ...words })).toMatchObject(cleaned);
  });

  it('keep paired isolates and the marks Persian needs, and a caption of controls only is absent', () => {
    const parsed = updateContentInput.parse({ id: 1, coverCaptionFa: `عکس از ${RLI}Reza${PDI} می${ZWNJ}گوید`, coverCredit: `${RLO}${PDF}` });
    expect(parsed.coverCaptionFa).toBe(`عکس از ${RLI}Reza${PDI} می${ZWNJ}گوید`);
    expect(parsed.coverCredit).toBe('');
  });

  it('never pass an override or an unpaired control, whatever is sent', () => {
    const pieces = fc.constantFrom('a', 'ب', ' ', RLO, LRO, RLE, PDF, RLI, PDI, '\n');
    fc.assert(
      fc.property(fc.array(pieces, { minLength: 1, maxLength: 30 }).map((parts) => `x${parts.join('')}`), (text) => {
        const parsed = updateContentInput.parse({ id: 1, coverAltEn: text, coverCaptionEn: text, coverCredit: text });
        for (const value of [parsed.coverAltEn, parsed.coverCaptionEn, parsed.coverCredit]) {
          expect(wellNested(value!)).toBe(true);
        }
      }),
    );
  });
});

describe('a body document', () => {
  it('loses overrides in its text, a link’s words and a picture’s alt text and caption', () => {
    const parsed = richTextDocument.parse(
      doc(
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: `Read ${RLO}fdp.exe` }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'See ' },
            { type: 'text', text: `${LRO}the report`, marks: [{ type: 'link', attrs: { href: 'https://example.org/' } }] },
          ],
        },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: `item ${RLE}open` }] }] }] },
        { type: 'image', attrs: { src: image, alt: `A ${RLO}picture`, caption: `${RLI}Kabul` } },
      ),
    );
    expect(JSON.stringify(parsed)).not.toMatch(CONTROL);
    expect(parsed.content[0]).toMatchObject({ content: [{ text: 'Read fdp.exe' }] });
    expect(parsed.content[1]).toMatchObject({ content: [{ text: 'See ' }, { text: 'the report' }] });
    expect(parsed.content[3]).toMatchObject({ attrs: { alt: 'A picture', caption: 'Kabul' } });
  });

  it('keeps paired isolates in a text, drops a text node of controls only, and refuses a picture described only by controls', () => {
    const parsed = richTextDocument.parse(
      doc({ type: 'paragraph', content: [{ type: 'text', text: `${RLI}Reza${PDI} said` }, { type: 'text', text: `${RLO}`, marks: [{ type: 'bold' }] }, { type: 'hardBreak' }] }),
    );
    expect(parsed.content[0]).toEqual({ type: 'paragraph', content: [{ type: 'text', text: `${RLI}Reza${PDI} said` }, { type: 'hardBreak' }] });
    const undescribed = richTextDocument.safeParse(doc({ type: 'image', attrs: { src: image, alt: `${RLO}${LRO}` } }));
    expect(undescribed.success).toBe(false);
    expect(undescribed.error?.issues.map((issue) => issue.message)).toContain('altRequired');
  });
});
