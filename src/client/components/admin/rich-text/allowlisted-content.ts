import { Slice, type Fragment, type Node, type Schema } from '@tiptap/pm/model';
import { documentFromHtml, HtmlRejected } from '../../../../shared/rich-text/from-html.ts';
import { documentFromPlainText } from '../../../../shared/rich-text/plain-text.ts';
import { richTextDocument, richTextLimits, type RichTextDocument } from '../../../../shared/rich-text/schema.ts';

/**
 * What the editor tells its writer about a paste or a drop (editor.paste.* in the admin locales):
 * taken as plain text, refused as too long, refused as unreadable, refused as files.
 */
export type PasteNotice = 'asText' | 'tooLong' | 'unreadable' | 'files';

/**
 * HTML as the body it may become: the site's own conversion (src/shared/rich-text/from-html.ts,
 * the same as the REST API's) and then the document schema, whose parse also drops direction
 * overrides from the text. The browser never parses the HTML: that would build a DOM of hostile
 * markup, and the editor's parser would read it. Refused when the conversion or the schema refuses,
 * or the conversion fails.
 */
function documentOf(read: () => RichTextDocument): { doc: RichTextDocument } | { refused: 'tooLong' | 'tooDeep' | 'invalid' } {
  let doc: RichTextDocument;
  try {
    doc = read();
  } catch (error) {
    if (error instanceof HtmlRejected) return { refused: error.key === 'bodyTooLong' ? 'tooLong' : 'tooDeep' };
    // A conversion that fails some other way refuses too: nothing else may read the HTML instead.
    console.error('Pasted content could not be converted', error);
    return { refused: 'invalid' };
  }
  const parsed = richTextDocument.safeParse(doc);
  if (parsed.success) return { doc: parsed.data };
  return { refused: parsed.error.issues.some((issue) => issue.message === 'bodyTooLong') ? 'tooLong' : 'invalid' };
}

/** HTML given to the editor's commands or to ProseMirror's own paste, as a document; null when refused. */
export function documentFromHtmlString(html: string): RichTextDocument | null {
  const result = documentOf(() => documentFromHtml(html));
  return 'doc' in result ? result.doc : null;
}

/** Plain text as a body; null when longer than a whole body may be. */
export function documentFromText(text: string): RichTextDocument | null {
  if (text.length > richTextLimits.text) return null;
  const result = documentOf(() => documentFromPlainText(text));
  return 'doc' in result ? result.doc : null;
}

/**
 * What a paste or a drop puts into the text. HTML the conversion will not read (too long,
 * or nested too deep) is taken as the plain text that comes with it, as the writer would want: the
 * words they copied, without the formatting that could not be read safely, and a notice saying so.
 * Without plain text, or with more than a body may hold, nothing is pasted.
 */
export function pastedDocument(html: string, text: string): { doc: RichTextDocument; notice: PasteNotice | null } | { refused: PasteNotice } {
  if (!html) {
    const plain = documentFromText(text);
    return plain ? { doc: plain, notice: null } : { refused: 'tooLong' };
  }
  const converted = documentOf(() => documentFromHtml(html));
  if ('doc' in converted) return { doc: converted.doc, notice: null };
  if (converted.refused === 'invalid') return { refused: 'unreadable' };
  if (!text.trim()) return { refused: 'unreadable' };
  const plain = documentFromText(text);
  return plain ? { doc: plain, notice: 'asText' } : { refused: 'tooLong' };
}

/** A document as a slice open at both ends as far as its nodes allow, as ProseMirror's own paste makes it. */
export function sliceOf(schema: Schema, doc: RichTextDocument): Slice {
  return Slice.maxOpen(schema.nodeFromJSON(doc).content);
}

/**
 * A document as content for TipTap's insert commands: one paragraph is its words (inserted where the
 * cursor is, as TipTap inserts a string of text), anything else its blocks. ProseMirror nodes, never
 * a string, so TipTap parses nothing itself.
 */
export function insertableOf(schema: Schema, doc: RichTextDocument): Fragment {
  const node: Node = schema.nodeFromJSON(doc);
  const only = node.childCount === 1 ? node.firstChild : null;
  return only?.type.name === 'paragraph' ? only.content : node.content;
}
