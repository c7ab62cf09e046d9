import { describe, expect, it } from 'vitest';
import { documentFromHtml, HtmlRejected, MAX_HTML_LENGTH } from '../../src/shared/rich-text/from-html.ts';
import { renderHtml } from '../../src/shared/rich-text/render.ts';
import { richTextLimits } from '../../src/shared/rich-text/schema.ts';
import { timed } from '../setup/cpu-time.ts';

/** Why the conversion refused this HTML, or 'converted'. */
function verdict(html: string): string {
  try {
    documentFromHtml(html);
    return 'converted';
  } catch (error) {
    if (error instanceof HtmlRejected) return error.key;
    return `failed: ${String(error)}`;
  }
}

describe('How much HTML the body conversion reads', () => {
  // Each fills the length limit with elements that stay open in an HTML parser, in a way a count of
  // opening and closing tags does not see: closing tags of elements that are not open, and the
  // self-closing slash, which HTML ignores on ordinary elements.
  const hiddenDepth: [string, string][] = [
    ['closing tags of elements that are not open', '<div></b>'],
    ['closing tags of void elements', '<div></br>'],
    ['closing paragraphs that never opened', '<span></p>'],
    ['self-closing ordinary elements', '<div/>'],
    ['self-closing elements inside an SVG foreignObject', '<svg><foreignObject><div/>'],
  ];
  for (const [name, unit] of hiddenDepth) {
    it(`refuses nesting hidden by ${name} as too deep, within 100 ms`, () => {
      const html = unit.repeat(Math.floor(MAX_HTML_LENGTH / unit.length));
      const { result, ms } = timed(() => verdict(html));
      expect(result).toBe('bodyTooDeep');
      expect(ms).toBeLessThan(100);
    });
  }

  it('refuses HTML nested deeper than browsers nest (512 elements), and reads HTML just within it', () => {
    const nested = (depth: number) => `${'<div>'.repeat(depth)}<p>words</p>${'</div>'.repeat(depth)}`;
    expect(verdict(nested(500))).toBe('converted');
    expect(renderHtml(documentFromHtml(nested(500)))).toBe('<p>words</p>');
    expect(verdict(nested(520))).toBe('bodyTooDeep');
  });

  it('does not count what closes itself: SVG’s self-closing elements, void elements, paragraphs a new paragraph closes', () => {
    expect(verdict(`<svg>${'<path d="M0 0"/>'.repeat(5_000)}</svg><p>after</p>`)).toBe('converted');
    expect(verdict(`<p>${'<br><img src="x">'.repeat(2_000)}</p>`)).toBe('converted');
    expect(verdict('<p>paragraph'.repeat(2_000))).toBe('converted');
    expect(verdict(`<ul>${'<li>item'.repeat(2_000)}</ul>`)).toBe('converted');
  });

  it('refuses HTML over the length limit before parsing it', () => {
    expect(verdict(`<p>${'x'.repeat(MAX_HTML_LENGTH)}</p>`)).toBe('bodyTooLong');
    expect(timed(() => verdict('<b>'.repeat(MAX_HTML_LENGTH))).ms).toBeLessThan(5);
  });

  it('stops converting a body of more blocks than a body may hold, as too long, rather than build it for the schema to refuse', () => {
    expect(verdict('<p>x'.repeat(Math.floor(MAX_HTML_LENGTH / 4)))).toBe('bodyTooLong');
    expect(verdict('<p>x'.repeat(richTextLimits.nodes))).toBe('converted');
    expect(verdict(`<ul>${'<li>x'.repeat(richTextLimits.nodes + 1)}</ul>`)).toBe('bodyTooLong');
  });

  it('reads Word’s lists inside HTML nested to the limit without running out of stack', () => {
    const item = `<p style='mso-list:l0 level1 lfo1'><![if !supportLists]>·<![endif]>Custody</p>`;
    const html = `${'<div>'.repeat(510)}${item}${'</div>'.repeat(510)}`;
    expect(verdict(html)).toBe('converted');
  });

  it('reads the editor’s own HTML back: pictures by their private address, videos by their data-video box', () => {
    const copied =
      '<figure><img src="/media/private/images/abcdefabcdefabcd.webp" alt="A court"><figcaption>Kabul</figcaption></figure>' +
      '<div data-video="https://www.youtube.com/watch?v=dQw4w9WgXcQ" class="rich-video-placeholder" dir="ltr">▶ https://www.youtube.com/watch?v=dQw4w9WgXcQ</div>' +
      '<div data-video="https://evil.example/v">▶ https://evil.example/v</div>';
    expect(documentFromHtml(copied).content).toEqual([
      { type: 'image', attrs: { src: 'images/abcdefabcdefabcd.webp', alt: 'A court', caption: 'Kabul' } },
      { type: 'video', attrs: { src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
      { type: 'paragraph', content: [{ type: 'text', text: '▶ https://evil.example/v' }] },
    ]);
  });
});
