import { DomHandler, Parser } from 'htmlparser2';
import type { Document } from 'domhandler';

/** HTML longer than this is refused before parsing: a body holds at most 60,000 characters of text. */
export const MAX_HTML_LENGTH = 200_000;

/**
 * Browsers stop nesting at 512 elements too. Deeper trees cost the parser time that grows with the
 * square of the depth (each opening tag shifts its stack of open elements, each closing tag searches
 * it) and every recursive reader of the tree a stack frame per level.
 */
export const MAX_OPEN_ELEMENTS = 512;

/** Why HTML was refused, as a message key. */
export class HtmlRejected extends Error {
  readonly key: 'bodyTooLong' | 'bodyTooDeep';
  constructor(key: 'bodyTooLong' | 'bodyTooDeep') {
    super(`Body HTML refused: ${key}`);
    this.key = key;
  }
}

/**
 * Counts the elements open at once as the parser itself keeps them, and stops it at the limit. A
 * count made beforehand from the tags' text was wrong both ways: closing tags of elements that are
 * not open, and the self-closing slash HTML ignores on ordinary elements, hid any depth from it
 * (20,000 levels in 200,000 characters, seconds of parsing, then a stack overflow), while unclosed
 * paragraphs and list items, which the next one closes, made ordinary pages look too deep.
 */
class BoundedHandler extends DomHandler {
  override onopentag(name: string, attribs: Record<string, string>) {
    super.onopentag(name, attribs);
    // The stack starts with the document itself.
    if (this.tagStack.length > MAX_OPEN_ELEMENTS + 1) throw new HtmlRejected('bodyTooDeep');
  }
}

/** The HTML as a tree, parsed as a browser would, refused when too long or too deep to read. */
export function parseBoundedHtml(html: string): Document {
  if (html.length > MAX_HTML_LENGTH) throw new HtmlRejected('bodyTooLong');
  const handler = new BoundedHandler();
  new Parser(handler, { decodeEntities: true }).end(html);
  return handler.root;
}
