import fc from 'fast-check';
import { parseDocument } from 'htmlparser2';
import type { ChildNode } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { documentFromHtml, HtmlRejected } from '../../src/shared/rich-text/from-html.ts';
import { allowedHtml, renderHtml, renderSegments } from '../../src/shared/rich-text/render.ts';
import { richTextDocument, type RichTextDocument } from '../../src/shared/rich-text/schema.ts';
import { timed } from '../setup/cpu-time.ts';

/** Every element and attribute of the HTML, with what is wrong with it; empty when the HTML is within the allowed set. */
function violations(html: string): string[] {
  const found: string[] = [];
  const stack: ChildNode[] = [...parseDocument(html).children];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'text') continue;
    if (node.type !== 'tag') {
      found.push(`node of type ${node.type}`);
      continue;
    }
    const allowed = allowedHtml[node.name];
    if (!allowed) found.push(`element <${node.name}>`);
    for (const [name, value] of Object.entries(node.attribs)) {
      if (!allowed?.includes(name)) found.push(`attribute ${name} on <${node.name}>`);
      if (name === 'href' && !/^(https?:\/\/|mailto:)/i.test(value)) found.push(`link to ${value}`);
      if ((name === 'src' || name === 'srcset') && !value.startsWith('/storage/images/')) found.push(`picture from ${value}`);
    }
    if (node.name === 'a' && node.attribs.rel !== 'noopener noreferrer') found.push('link without rel="noopener noreferrer"');
    stack.push(...node.children);
  }
  return found;
}

/** HTML to rendered HTML as the REST API does it: conversion, the schema's check, rendering. */
function throughTheApi(html: string): string | 'refused' {
  let doc: RichTextDocument;
  try {
    doc = documentFromHtml(html);
  } catch (error) {
    if (error instanceof HtmlRejected) return 'refused';
    throw error;
  }
  const checked = richTextDocument.safeParse(doc);
  if (!checked.success) return 'refused';
  return (
    renderHtml(checked.data) +
    renderSegments(checked.data)
      .map((segment) => ('html' in segment ? segment.html : ''))
      .join('')
  );
}

const hostileUrls = [
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz4=',
  'vbscript:msgbox',
  '//evil.example/x',
  'https://evil.example/x.png',
  '/storage/images/abcdefabcdefabcd.webp',
  'https://ok.example/?q="><script>alert(1)</script>',
  'mailto:a@b.c',
  '&#106;avascript:alert(1)',
];
const hostileAttributes = fc.oneof(
  fc.constantFrom(
    'onerror="alert(1)"',
    'onclick=alert(1)',
    'style="background:url(javascript:alert(1))"',
    'class="x"',
    'id="x"',
    'srcdoc="<script>alert(1)</script>"',
    'formaction="javascript:alert(1)"',
    'alt="a picture"',
    'target="_blank"',
  ),
  fc.constantFrom(...hostileUrls).map((url) => `href="${url}"`),
  fc.constantFrom(...hostileUrls).map((url) => `src="${url}"`),
  fc.constantFrom(...hostileUrls).map((url) => `xlink:href="${url}"`),
);
const tags = [
  'p',
  'div',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h6',
  'img',
  'figure',
  'figcaption',
  'br',
  'hr',
  'script',
  'style',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'form',
  'input',
  'textarea',
  'template',
  'noscript',
  'table',
  'td',
  'video',
  'base',
  'meta',
  'title',
  'foreignObject',
  'xmp',
  'plaintext',
];

const hostileHtml: fc.Arbitrary<string> = fc.letrec<{ html: string }>((tie) => ({
  html: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(
      fc.string(),
      fc.constantFrom('<!-- c -->', '<![CDATA[x]]>', '<?php ?>', '&lt;script&gt;', '</p>', '<', '">', "'", '<scr<script>ipt>', '\u0000', 'آزادی'),
    ),
    fc
      .tuple(fc.constantFrom(...tags), fc.array(hostileAttributes, { maxLength: 3 }), fc.array(tie('html'), { maxLength: 4 }))
      .map(([tag, attributes, children]) => `<${tag} ${attributes.join(' ')}>${children.join('')}</${tag}>`),
  ),
})).html;

describe('Bodies written as HTML come out as the allowed HTML only', () => {
  it('converts and renders any HTML into allowed elements and attributes, safe links and pictures of this site only', () => {
    fc.assert(
      fc.property(hostileHtml, (html) => {
        const output = throughTheApi(html);
        if (output !== 'refused') expect(violations(output)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  const extremes: [string, string][] = [
    ['a script', '<p>Hi</p><script>alert(1)</script><img src=x onerror=alert(1)>'],
    ['event attributes', '<p onclick="alert(1)" onmouseover=alert(1)>text</p><a href="https://ok.example" onfocus="x()">link</a>'],
    ['javascript: and data: links', '<a href="javascript:alert(1)">a</a><a href="data:text/html,x">b</a><img src="data:image/png;base64,AAAA" alt="x">'],
    ['styles', '<style>body{display:none}</style><p style="position:fixed;top:0">covered</p>'],
    ['SVG', '<svg onload="alert(1)"><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
    ['lists 200 deep', `${'<ul><li>level'.repeat(200)}${'</li></ul>'.repeat(200)}`],
    ['1 MB of text', `<p>${'freedom '.repeat(131_072)}</p>`],
    ['1 MB of tags', '<b>'.repeat(350_000)],
    ['3,000 paragraphs', '<p>word word word</p>'.repeat(3_000)],
  ];
  for (const [name, html] of extremes) {
    it(`handles ${name} within 100 ms, with only allowed output`, () => {
      const { result, ms } = timed(() => throughTheApi(html));
      if (result !== 'refused') expect(violations(result)).toEqual([]);
      expect(ms).toBeLessThan(100);
    });
  }

  it('keeps allowed structure from pasted HTML: a 200-deep list is cut to the allowed depth, not lost', () => {
    const output = throughTheApi(`${'<ul><li>level'.repeat(200)}${'</li></ul>'.repeat(200)}`);
    expect(output).not.toBe('refused');
    expect((output as string).match(/<ul>/g)!.length).toBeGreaterThanOrEqual(4);
    expect(output).toContain('level');
  });
});

const text = fc.string({ minLength: 1, maxLength: 40 });
const href = fc.oneof(
  fc.webUrl(),
  fc.constantFrom(...hostileUrls),
  fc.emailAddress().map((address) => `mailto:${address}`),
);
const mark = fc.oneof(
  fc.constant({ type: 'bold' }),
  fc.constant({ type: 'italic' }),
  href.map((value) => ({ type: 'link', attrs: { href: value } })),
);
const inline = fc.oneof(fc.record({ type: fc.constant('text'), text, marks: fc.array(mark, { maxLength: 3 }) }), fc.constant({ type: 'hardBreak' }));
const paragraph = fc.record({ type: fc.constant('paragraph'), content: fc.array(inline, { maxLength: 4 }) });
const documentBlocks = fc.letrec<{ list: unknown; block: unknown }>((tie) => ({
  list: fc.record({
    type: fc.constantFrom('bulletList', 'orderedList'),
    content: fc.array(
      fc.record({ type: fc.constant('listItem'), content: fc.array(fc.oneof({ depthSize: 'small' }, paragraph, tie('list')), { minLength: 1, maxLength: 3 }) }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
  block: fc.oneof(
    paragraph,
    fc.record({ type: fc.constant('heading'), attrs: fc.record({ level: fc.constantFrom(2, 3) }), content: fc.array(inline, { maxLength: 3 }) }),
    tie('list'),
    fc.record({ type: fc.constant('blockquote'), content: fc.array(paragraph, { minLength: 1, maxLength: 2 }) }),
    fc.record({
      type: fc.constant('image'),
      attrs: fc.record({
        src: fc.constantFrom('images/abcdefabcdefabcd.webp', 'images/abcdefabcdefabcd.gif', ...hostileUrls),
        alt: text,
        caption: fc.option(text),
      }),
    }),
    fc.record({
      type: fc.constant('video'),
      attrs: fc.record({ src: fc.constantFrom('https://youtu.be/dQw4w9WgXcQ', 'javascript:alert(1)', 'https://evil.example/v') }),
    }),
    fc.constant({ type: 'horizontalRule' }),
  ),
}));
const anyDocument = fc.record({ type: fc.constant('doc'), content: fc.array(documentBlocks.block, { maxLength: 6 }) });

describe('Stored documents render as the allowed HTML only', () => {
  it('renders any document the schema accepts without elements, attributes or links outside the allowed set', () => {
    fc.assert(
      fc.property(anyDocument, (candidate) => {
        const checked = richTextDocument.safeParse(candidate);
        if (!checked.success) return;
        expect(violations(renderHtml(checked.data))).toEqual([]);
        for (const segment of renderSegments(checked.data)) if ('html' in segment) expect(violations(segment.html)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('renders 1 MB of hostile text (past the schema’s limit, as a stored document that slipped through would be) within 100 ms, escaped', () => {
    const text = '<script>alert(1)</script> freedom '.repeat(30_000);
    const doc = { type: 'doc' as const, content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text, marks: [{ type: 'bold' as const }] }] }] };
    expect(text.length).toBeGreaterThan(1_000_000);
    const { result, ms } = timed(() => renderHtml(doc));
    expect(violations(result)).toEqual([]);
    expect(result).not.toContain('<script>');
    expect(ms).toBeLessThan(100);
  });

  it('refuses documents nested thousands deep quickly, without exhausting the stack', () => {
    let node: unknown = { type: 'paragraph', content: [{ type: 'text', text: 'x' }] };
    for (let level = 0; level < 50_000; level++) node = { type: 'bulletList', content: [{ type: 'listItem', content: [node] }] };
    const { result, ms } = timed(() => richTextDocument.safeParse({ type: 'doc', content: [node] }));
    expect(result.success).toBe(false);
    expect(ms).toBeLessThan(100);
  });
});
