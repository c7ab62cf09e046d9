import { Node, mergeAttributes, type Extensions } from '@tiptap/core';
import { StarterKit } from '@tiptap/starter-kit';
import { privateMediaUrl } from '../../../../shared/image-url.ts';
import { linkHref, storedImagePathOf } from '../../../../shared/rich-text/schema.ts';
import { youtubeVideoId } from '../../../../shared/video-links.ts';
import { HtmlStringContent } from './html-string-content.ts';
import { PastedContent, type PastedContentOptions } from './pasted-content.ts';

/**
 * A picture of this site with its alt text and caption. Pasted pictures from elsewhere do not
 * parse, so they never enter a body (a page must not load files from third parties).
 */
const BodyImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: '' }, caption: { default: null } };
  },
  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (element) => {
          const img = element.querySelector('img');
          const src = storedImagePathOf(img?.getAttribute('src'));
          const alt = img?.getAttribute('alt')?.trim();
          return src && alt ? { src, alt, caption: element.querySelector('figcaption')?.textContent?.trim() || null } : false;
        },
      },
      {
        tag: 'img',
        getAttrs: (element) => {
          const src = storedImagePathOf(element.getAttribute('src'));
          const alt = element.getAttribute('alt')?.trim();
          return src && alt ? { src, alt } : false;
        },
      },
    ];
  },
  renderHTML({ node }) {
    const attrs = node.attrs as { src: string; alt: string; caption: string | null };
    // The editors' address: a picture just uploaded is not public until its item is published.
    const img = ['img', { src: privateMediaUrl(attrs.src) ?? '', alt: attrs.alt }] as const;
    return attrs.caption ? ['figure', {}, img, ['figcaption', {}, attrs.caption]] : ['figure', {}, img];
  },
});

/** A YouTube video, shown to readers as the click-to-load player; in the editor, a labelled box. */
const BodyVideo = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [
      {
        tag: 'iframe',
        getAttrs: (element) => {
          const id = youtubeVideoId(element.getAttribute('src'));
          return id ? { src: `https://www.youtube.com/watch?v=${id}` } : false;
        },
      },
      {
        tag: 'div[data-video]',
        getAttrs: (element) => (youtubeVideoId(element.getAttribute('data-video')) ? { src: element.getAttribute('data-video') } : false),
      },
    ];
  },
  renderHTML({ node, HTMLAttributes }) {
    const src = String(node.attrs.src ?? '');
    return ['div', mergeAttributes(HTMLAttributes, { 'data-video': src, class: 'rich-video-placeholder', dir: 'ltr' }), `▶ ${src}`];
  },
});

/**
 * What the editor can write: exactly the nodes and marks of the body document
 * (src/shared/rich-text/schema.ts). HTML (pasted, dropped, or given to a command) reaches it only
 * through the site's allowlist (pasted-content.ts, html-string-content.ts), which tells the writer
 * through `onNotice` what became of a paste.
 */
export function bodyExtensions(options: PastedContentOptions): Extensions {
  return [...documentExtensions, PastedContent.configure(options), HtmlStringContent];
}

const documentExtensions: Extensions = [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    strike: false,
    underline: false,
    heading: { levels: [2, 3] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      HTMLAttributes: { rel: 'noopener noreferrer', target: null },
      isAllowedUri: (url) => linkHref.safeParse(url).success,
    },
  }),
  BodyImage,
  BodyVideo,
];
