import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentFromHtml } from '../../src/shared/rich-text/from-html.ts';
import { documentFromPlainText, plainText } from '../../src/shared/rich-text/plain-text.ts';
import { renderHtml, renderSegments } from '../../src/shared/rich-text/render.ts';
import { richTextDocument } from '../../src/shared/rich-text/schema.ts';

const normalised = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n\n');

describe('Body documents', () => {
  it('turns plain text into paragraphs and gives the same text back', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'ب', ' ', '\n', '\r\n', '.'), maxLength: 80 }), (text) => {
        const doc = documentFromPlainText(text);
        expect(richTextDocument.safeParse(doc).success).toBe(true);
        expect(plainText(doc)).toBe(normalised(text));
      }),
    );
  });

  it('renders a plain-text item as the paragraphs and line breaks it showed before', () => {
    expect(renderHtml(documentFromPlainText('First line\nsecond line\n\nNext <paragraph> & more'))).toBe(
      '<p>First line<br>second line</p><p>Next &lt;paragraph&gt; &amp; more</p>',
    );
  });

  it('refuses links other than http, https and mailto, pictures from elsewhere, pictures without alt text and unknown nodes', () => {
    const paragraphWithLink = (href: string) => ({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] }] }],
    });
    expect(richTextDocument.safeParse(paragraphWithLink('https://example.org')).success).toBe(true);
    expect(richTextDocument.safeParse(paragraphWithLink('mailto:team@example.org')).success).toBe(true);
    for (const href of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '/relative', 'ftp://x.org'])
      expect(richTextDocument.safeParse(paragraphWithLink(href)).success).toBe(false);
    const image = (attrs: object) => ({ type: 'doc', content: [{ type: 'image', attrs }] });
    expect(richTextDocument.safeParse(image({ src: 'images/abcdefabcdefabcd.webp', alt: 'Women at a protest' })).success).toBe(true);
    expect(richTextDocument.safeParse(image({ src: 'images/abcdefabcdefabcd.webp', alt: '  ' })).success).toBe(false);
    expect(richTextDocument.safeParse(image({ src: 'https://tracker.example/p.gif', alt: 'x' })).success).toBe(false);
    expect(richTextDocument.safeParse({ type: 'doc', content: [{ type: 'codeBlock', content: [] }] }).success).toBe(false);
    expect(richTextDocument.safeParse({ type: 'doc', content: [{ type: 'heading', attrs: { level: 1 }, content: [] }] }).success).toBe(false);
  });

  it('refuses lists nested deeper than four levels', () => {
    const nested = (depth: number): unknown =>
      depth === 0
        ? { type: 'paragraph' }
        : {
            type: 'bulletList',
            content: [
              {
                type: 'listItem',
                content: [{ type: 'paragraph' }, nested(depth - 1)].filter((node: unknown) => (node as { type: string }).type !== 'paragraph' || depth > 0),
              },
            ],
          };
    expect(richTextDocument.safeParse({ type: 'doc', content: [nested(4)] }).success).toBe(true);
    expect(richTextDocument.safeParse({ type: 'doc', content: [nested(5)] }).success).toBe(false);
  });

  it('converts HTML with every allowed structure', () => {
    const doc = documentFromHtml(
      '<h1>Title</h1><h4>Sub</h4><p>A <b>bold</b> and <em>italic</em> <a href="https://example.org/a?b=1&amp;c=2">link</a><br>next</p>' +
        '<ol start="3"><li>three</li></ol><blockquote><p>Quote</p></blockquote><hr>' +
        '<figure><img src="/storage/images/abcdefabcdefabcd.webp" alt="A march"><figcaption>Kabul, 2026</figcaption></figure>' +
        '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
    );
    expect(richTextDocument.safeParse(doc).success).toBe(true);
    expect(doc.content.map((block) => block.type)).toEqual([
      'heading',
      'heading',
      'paragraph',
      'orderedList',
      'blockquote',
      'horizontalRule',
      'image',
      'video',
    ]);
    const html = renderHtml(doc);
    expect(html).toContain('<h2>Title</h2><h3>Sub</h3>');
    expect(html).toContain('<a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer">link</a><br>next');
    expect(html).toContain('<ol start="3"><li><p>three</p></li></ol>');
    expect(html).toContain('alt="A march"');
    expect(html).toContain('<figcaption>Kabul, 2026</figcaption>');
    expect(plainText(doc)).toContain('A bold and italic link\nnext');
  });

  it('keeps word processor formatting written as styles and drops Google Docs’ false bold wrapper', () => {
    const doc = documentFromHtml(
      '<b style="font-weight:normal" id="docs-internal-guid-1"><p><span style="font-weight:700">strong</span> <span style="font-style:italic">slanted</span> plain</p></b>',
    );
    expect(renderHtml(doc)).toBe('<p><strong>strong</strong> <em>slanted</em> plain</p>');
  });

  it('splits a body at its videos so pages can show the click-to-load player there', () => {
    const doc = documentFromHtml('<p>before</p><iframe src="https://youtu.be/dQw4w9WgXcQ"></iframe><p>after</p>');
    expect(renderSegments(doc)).toEqual([
      { html: '<p>before</p>' },
      { video: { embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
      { html: '<p>after</p>' },
    ]);
  });
});

describe('HTML copied from word processors keeps its structure', () => {
  const wordList = [
    `<p class=MsoNormal><span style='font-family:Calibri'>Hello <b>world</b><o:p></o:p></span></p>`,
    `<p class=MsoListParagraphCxSpFirst style='mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'>·<span style='font:7.0pt'>&nbsp;&nbsp;</span></span><![endif]>Custody<o:p></o:p></p>`,
    `<p class=MsoListParagraphCxSpMiddle style='margin-left:1in;mso-list:l0 level2 lfo1'><!--[if !supportLists]--><span>o<span>&nbsp;</span></span><!--[endif]-->After divorce<o:p></o:p></p>`,
    `<p class=MsoListParagraphCxSpLast style='mso-list:l0 level1 lfo1'><![if !supportLists]><span>·</span><![endif]>Visiting rights</p>`,
    `<p class=MsoNormal>Steps:</p>`,
    `<p style='mso-list:l1 level1 lfo2'><![if !supportLists]>1.&nbsp;<![endif]>File the case</p>`,
    `<p style='mso-list:l1 level1 lfo2'><![if !supportLists]>2.&nbsp;<![endif]>Attend the hearing</p>`,
  ].join('\n');

  it('turns Word’s list paragraphs into nested bulleted and numbered lists without the typed markers', () => {
    expect(renderHtml(documentFromHtml(wordList))).toBe(
      '<p>Hello <strong>world</strong></p>' +
        '<ul><li><p>Custody</p><ul><li><p>After divorce</p></li></ul></li><li><p>Visiting rights</p></li></ul>' +
        '<p>Steps:</p><ol><li><p>File the case</p></li><li><p>Attend the hearing</p></li></ol>',
    );
  });

  it('starts a new list where Word starts another list, even with no paragraph between them', () => {
    const adjacent = [
      `<p style='mso-list:l0 level1 lfo1'><![if !supportLists]>·&nbsp;<![endif]>Custody</p>`,
      `<p style='mso-list:l1 level1 lfo2'><![if !supportLists]>1.&nbsp;<![endif]>File the case</p>`,
      `<p style='mso-list:l1 level1 lfo2'><![if !supportLists]>2.&nbsp;<![endif]>Attend the hearing</p>`,
      `<p style='mso-list:l2 level1 lfo3'><![if !supportLists]>1.&nbsp;<![endif]>Another numbered list</p>`,
    ].join('\n');
    expect(renderHtml(documentFromHtml(adjacent))).toBe(
      '<ul><li><p>Custody</p></li></ul><ol><li><p>File the case</p></li><li><p>Attend the hearing</p></li></ol><ol><li><p>Another numbered list</p></li></ol>',
    );
  });

  it('does not make a Google Docs paste bold: its wrapper is a <b> with normal weight', () => {
    const docs = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="ltr"><span style="font-weight:400">Plain </span><span style="font-weight:700">bold</span></p><ul><li dir="ltr"><p><span>item</span></p></li></ul></b>`;
    expect(renderHtml(documentFromHtml(docs))).toBe('<p>Plain <strong>bold</strong></p><ul><li><p>item</p></li></ul>');
  });
});
