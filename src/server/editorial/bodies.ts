import type { Language } from '../../shared/locale.ts';
import { documentFromPlainText, plainText } from '../../shared/rich-text/plain-text.ts';
import { renderSegments, type BodySegment, type MediaSide } from '../../shared/rich-text/render.ts';
import { richTextDocument, type RichTextDocument } from '../../shared/rich-text/schema.ts';

/** The stored columns of one language's body: the document as JSON and its plain text as the description. */
export function bodyColumns(body: RichTextDocument | undefined, description: string | undefined): { body: string | null; description: string } | undefined {
  if (body) return { body: JSON.stringify(body), description: plainText(body) };
  // A plain description (the original API's only field) is a body of paragraphs: stored as text, read as a document.
  if (description !== undefined) return { body: null, description };
  return undefined;
}

/**
 * The body document of a stored item. Items written before bodies existed (and plain descriptions
 * sent through the API) have none stored: their description, as paragraphs, is their body, so
 * they look exactly as they did. A stored document that no longer passes the schema shows nothing
 * rather than anything unchecked.
 */
export function storedBody(body: string | null, description: string): RichTextDocument {
  if (body === null) return documentFromPlainText(description);
  try {
    const parsed = richTextDocument.safeParse(JSON.parse(body));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  console.error('A stored body failed the document schema; showing its description instead.');
  return documentFromPlainText(description);
}

export interface StoredBodies {
  bodyEn: string | null;
  bodyFa: string | null;
  descriptionEn: string;
  descriptionFa: string;
}

export const documentsOf = (row: StoredBodies): Record<Language, RichTextDocument> => ({
  en: storedBody(row.bodyEn, row.descriptionEn),
  fa: storedBody(row.bodyFa, row.descriptionFa),
});

/** The rendered bodies a detail page shows: HTML pieces and the videos between them. */
export function renderedBodies(row: StoredBodies, side: MediaSide): { renderedEn: BodySegment[]; renderedFa: BodySegment[] } {
  const documents = documentsOf(row);
  return { renderedEn: renderSegments(documents.en, side), renderedFa: renderSegments(documents.fa, side) };
}
