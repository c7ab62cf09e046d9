import type { ChildNode, Element } from 'domhandler';
import { youtubeVideoId } from '../video-links.ts';
import { BLOCKS, DROPPED } from './html-elements.ts';
import { parseBoundedHtml } from './parse-html.ts';
import { Sink } from './sink.ts';
import { wordListsToLists } from './word-lists.ts';
import { linkHref, richTextLimits, storedImagePathOf, type Block, type Mark, type RichTextDocument } from './schema.ts';

/**
 * HTML from the REST API (or anything pasted) as a body document. The HTML is parsed by a real
 * parser and read element by element; what the document cannot express is dropped: scripts,
 * styles, SVG, forms, event attributes, unsafe links, pictures from elsewhere, lists deeper than
 * the limit (their items are lifted into the nearest allowed level). The result still goes through
 * the document schema, which refuses bodies over the size limits.
 */
export function documentFromHtml(html: string): RichTextDocument {
  const root = new Sink('root', richTextLimits.listDepth, { blocks: 0 });
  walk(wordListsToLists(parseBoundedHtml(html).children), root, [], 0);
  return { type: 'doc', content: root.finish() as RichTextDocument['content'] };
}

// What the conversion refuses, and why, is part of its answer.
export { HtmlRejected, MAX_HTML_LENGTH } from './parse-html.ts';

/** Beyond this depth of HTML nesting only the text is kept, read without recursion. */
const MAX_HTML_DEPTH = 64;

function withMark(marks: readonly Mark[], mark: Mark): Mark[] {
  return marks.some((existing) => existing.type === mark.type) ? [...marks] : [...marks, mark];
}

/** Bold and italic as word processors and web pages write them, including in a `style` attribute. */
function marksOf(element: Element, marks: readonly Mark[]): Mark[] {
  const style = (element.attribs.style ?? '').toLowerCase();
  let result = [...marks];
  const name = element.name;
  // Google Docs wraps whole documents in <b style="font-weight:normal">.
  const notBold = /font-weight\s*:\s*(normal|[1-5]00)\b/.test(style);
  if (((name === 'b' || name === 'strong') && !notBold) || /font-weight\s*:\s*(bold|bolder|[6-9]00)\b/.test(style)) result = withMark(result, { type: 'bold' });
  if (name === 'i' || name === 'em' || name === 'cite' || /font-style\s*:\s*italic/.test(style)) result = withMark(result, { type: 'italic' });
  if (name === 'a') {
    const href = linkHref.safeParse(element.attribs.href ?? '');
    result = result.filter((mark) => mark.type !== 'link');
    if (href.success) result.push({ type: 'link', attrs: { href: href.data } });
  }
  return result;
}

/** Text of a subtree, without recursion (for nesting too deep to walk). */
function textOf(nodes: readonly ChildNode[]): string {
  let text = '';
  const stack: ChildNode[] = [...nodes].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'text') text += node.data;
    else if ('children' in node && !(node.type === 'tag' && DROPPED.has(node.name)))
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return text;
}

/** A picture of this site, by its stored path, from any address the site gives it (storedImagePathOf). */
function imageOf(element: Element | undefined, caption: string | null): Block | null {
  if (!element) return null;
  const src = storedImagePathOf(element.attribs.src);
  const alt = (element.attribs.alt ?? '').replace(/\s+/g, ' ').trim().slice(0, richTextLimits.alt);
  if (!src || !alt) return null;
  const text = caption?.replace(/\s+/g, ' ').trim().slice(0, richTextLimits.caption);
  return { type: 'image', attrs: text ? { src, alt, caption: text } : { src, alt } };
}

/** A YouTube video by the one address the site keeps for it; null for anything else. */
function videoOf(src: string | undefined): Block | null {
  const id = youtubeVideoId(src);
  return id ? { type: 'video', attrs: { src: `https://www.youtube.com/watch?v=${id}` } } : null;
}

function findElement(nodes: readonly ChildNode[], name: string, depth = 0): Element | undefined {
  for (const node of nodes) {
    if (node.type !== 'tag') continue;
    if (node.name === name) return node;
    if (depth < 8) {
      const found = findElement(node.children, name, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

function listOf(element: Element, sink: Sink, marks: readonly Mark[], depth: number) {
  const items: { type: 'listItem'; content: Block[] }[] = [];
  let loose: Sink | null = null;
  for (const child of element.children) {
    // Text or elements between items (invalid HTML, but common) join the item before them.
    if (child.type === 'tag' && child.name === 'li') {
      loose = sink.inner('item', sink.listRoom - 1);
      walk(child.children, loose, marks, depth + 1);
      items.push({ type: 'listItem', content: loose.finish() });
    } else {
      if (!loose) {
        loose = sink.inner('item', sink.listRoom - 1);
        items.push({ type: 'listItem', content: loose.blocks });
      }
      walk([child], loose, marks, depth + 1);
      items.at(-1)!.content = loose.finish();
    }
  }
  // A list item opens with a paragraph (the editor's rule); one that starts with a nested list gets an empty one.
  for (const item of items) if (item.content.length && item.content[0]!.type !== 'paragraph') item.content.unshift({ type: 'paragraph' });
  const content = items.filter((item) => item.content.length) as never[];
  if (!content.length) return;
  if (element.name === 'ul') sink.add({ type: 'bulletList', content });
  else {
    const start = Number.parseInt(element.attribs.start ?? '', 10);
    sink.add({ type: 'orderedList', ...(Number.isInteger(start) && start >= 0 && start <= 100_000 && start !== 1 ? { attrs: { start } } : {}), content });
  }
}

function walk(nodes: readonly ChildNode[], sink: Sink, marks: readonly Mark[], depth: number): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      sink.text(node.data, marks);
      continue;
    }
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
    const element = node as Element;
    const name = element.name;
    if (DROPPED.has(name)) continue;
    if (depth > MAX_HTML_DEPTH) {
      sink.text(textOf(element.children), marks);
      continue;
    }
    // The editor's own box for a video (what it copies, and what a drag between its bodies carries).
    const boxed = element.attribs['data-video'] === undefined ? null : videoOf(element.attribs['data-video']);
    if (boxed) {
      sink.add(boxed);
      continue;
    }
    switch (name) {
      case 'br':
        sink.hardBreak();
        break;
      case 'hr':
        sink.add({ type: 'horizontalRule' });
        break;
      case 'img': {
        const image = imageOf(element, null);
        if (image) sink.add(image);
        break;
      }
      case 'figure': {
        const caption = findElement(element.children, 'figcaption');
        const image = imageOf(findElement(element.children, 'img'), caption ? textOf(caption.children) : null);
        if (image) sink.add(image);
        else {
          sink.flush();
          walk(element.children, sink, marks, depth + 1);
          sink.flush();
        }
        break;
      }
      case 'iframe': {
        const video = videoOf(element.attribs.src);
        if (video) sink.add(video);
        break;
      }
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        sink.flush();
        walk(element.children, sink, marks, depth + 1);
        sink.flush(name === 'h1' || name === 'h2' ? 2 : 3);
        break;
      case 'ul':
      case 'ol':
        sink.flush();
        if (sink.listRoom > 0) listOf(element, sink, marks, depth);
        else walk(element.children, sink, marks, depth + 1);
        sink.flush();
        break;
      case 'blockquote':
        sink.flush();
        if (sink.kind === 'root') {
          const quote = sink.inner('quote', sink.listRoom);
          walk(element.children, quote, marks, depth + 1);
          const content = quote.finish() as never[];
          if (content.length) sink.add({ type: 'blockquote', content });
        } else walk(element.children, sink, marks, depth + 1);
        sink.flush();
        break;
      default:
        if (BLOCKS.has(name)) {
          sink.flush();
          walk(element.children, sink, marks, depth + 1);
          sink.flush();
        } else walk(element.children, sink, marksOf(element, marks), depth + 1);
    }
  }
}
