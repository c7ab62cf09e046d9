import { privateMediaUrl, storageUrl } from '../image-url.ts';
import { hasVariants, variantPath, variantWidths } from '../image-variants.ts';
import { videoEmbedUrl } from '../video-links.ts';
import type { Block, Inline, Mark, RichTextDocument } from './schema.ts';

/**
 * The only elements and attributes a rendered body can contain. The renderer below writes each
 * tag from this table and every attribute value escaped, so nothing from a document (text, link,
 * alt text) can become markup. Tests hold every output against this table.
 */
export const allowedHtml: Record<string, readonly string[]> = {
  p: [],
  h2: [],
  h3: [],
  strong: [],
  em: [],
  a: ['href', 'rel'],
  br: [],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: [],
  hr: [],
  figure: [],
  figcaption: [],
  picture: [],
  source: ['type', 'srcset', 'sizes'],
  img: ['src', 'alt', 'loading', 'decoding'],
};

const LINK_REL = 'noopener noreferrer';
const IMAGE_SIZES = '(min-width: 768px) 768px, 100vw';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
/** Escapes text and attribute values alike; also drops control characters no page should carry. */
export function escapeHtml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[&<>"']|[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, (char) => escapes[char] ?? '');
}

export function safeHref(href: string): string | null {
  try {
    const url = new URL(href);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function wrap(html: string, mark: Mark): string {
  if (mark.type === 'bold') return `<strong>${html}</strong>`;
  if (mark.type === 'italic') return `<em>${html}</em>`;
  const href = safeHref(mark.attrs.href);
  return href ? `<a href="${escapeHtml(href)}" rel="${LINK_REL}">${html}</a>` : html;
}

/** Marks applied in a fixed order (link outermost), whatever order the document lists them in. */
const markOrder = { link: 0, bold: 1, italic: 2 } as const;

/** A paragraph's inline text as HTML: escaped words, marks, links (only http, https and mailto), breaks. */
export function inline(nodes: readonly Inline[] | undefined): string {
  let html = '';
  for (const node of nodes ?? []) {
    if (node.type === 'hardBreak') {
      html += '<br>';
      continue;
    }
    const marks = [...(node.marks ?? [])].sort((a, b) => markOrder[b.type] - markOrder[a.type]);
    html += marks.reduce((inner, mark) => wrap(inner, mark), escapeHtml(node.text));
  }
  return html;
}

/**
 * Which address pictures get: the public one for readers, or the editors' private path for a
 * preview (an unpublished item's files are not public yet).
 */
export type MediaSide = 'public' | 'private';
const fileUrl = (side: MediaSide) => (side === 'public' ? storageUrl : privateMediaUrl);

function picture(src: string, alt: string, side: MediaSide): string {
  const urlOf = fileUrl(side);
  const url = urlOf(src) ?? '';
  const img = `<img src="${escapeHtml(url)}" alt="${escapeHtml(alt)}" loading="lazy" decoding="async">`;
  if (!hasVariants(src)) return img;
  const sources = (['avif', 'webp'] as const)
    .map((format) => {
      const srcset = variantWidths.map((width) => `${urlOf(variantPath(src, width, format))} ${width}w`).join(', ');
      return `<source type="image/${format}" srcset="${escapeHtml(srcset)}" sizes="${IMAGE_SIZES}">`;
    })
    .join('');
  return `<picture>${sources}${img}</picture>`;
}

/** A piece of a rendered body: HTML, or a video the page shows as its click-to-load player. */
export type BodySegment = { html: string } | { video: { embedUrl: string; link: string } };

type ListBlock = Extract<Block, { type: 'bulletList' | 'orderedList' }>;

function list(node: ListBlock): string {
  const items = node.content
    .map((item) => `<li>${item.content.map((child) => (child.type === 'paragraph' ? `<p>${inline(child.content)}</p>` : list(child))).join('')}</li>`)
    .join('');
  if (node.type === 'bulletList') return `<ul>${items}</ul>`;
  const start = node.attrs?.start;
  return start !== undefined && start !== 1 ? `<ol start="${start}">${items}</ol>` : `<ol>${items}</ol>`;
}

function block(node: Block, side: MediaSide = 'public'): string {
  switch (node.type) {
    case 'paragraph':
      return `<p>${inline(node.content)}</p>`;
    case 'heading':
      return `<h${node.attrs.level}>${inline(node.content)}</h${node.attrs.level}>`;
    case 'bulletList':
    case 'orderedList':
      return list(node);
    case 'blockquote':
      return `<blockquote>${node.content.map((child) => block(child, side)).join('')}</blockquote>`;
    case 'horizontalRule':
      return '<hr>';
    case 'image': {
      const caption = node.attrs.caption ? `<figcaption>${escapeHtml(node.attrs.caption)}</figcaption>` : '';
      return `<figure>${picture(node.attrs.src, node.attrs.alt, side)}${caption}</figure>`;
    }
    case 'video': {
      // In plain HTML (the REST API) a video is a link to it: no player contacts YouTube unasked.
      const link = safeHref(node.attrs.src);
      return link ? `<p><a href="${escapeHtml(link)}" rel="${LINK_REL}">${escapeHtml(link)}</a></p>` : '';
    }
  }
}

/** The body as pieces: runs of HTML, split where a video stands. */
export function renderSegments(doc: RichTextDocument, side: MediaSide = 'public'): BodySegment[] {
  const segments: BodySegment[] = [];
  let html = '';
  for (const node of doc.content) {
    const embedUrl = node.type === 'video' ? videoEmbedUrl(node.attrs.src) : null;
    if (node.type === 'video' && embedUrl) {
      if (html) segments.push({ html });
      html = '';
      segments.push({ video: { embedUrl, link: node.attrs.src } });
    } else {
      html += block(node, side);
    }
  }
  if (html) segments.push({ html });
  return segments;
}

/** The body as one HTML string (videos as links), for the REST API's `body_html_*` fields. */
export function renderHtml(doc: RichTextDocument): string {
  return doc.content.map((node) => block(node)).join('');
}
