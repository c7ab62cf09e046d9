import { richTextDocument, type RichTextDocument } from '../../../../shared/rich-text/schema.ts';

const emptyDocument: RichTextDocument = { type: 'doc', content: [] };

/** The form keeps a body as JSON text (drafts are saved as JSON); a value that is not a body starts empty. */
export function parseBody(value: string): RichTextDocument {
  if (!value) return emptyDocument;
  try {
    const parsed = richTextDocument.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : emptyDocument;
  } catch {
    return emptyDocument;
  }
}
