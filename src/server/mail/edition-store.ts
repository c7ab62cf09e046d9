import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { richTextDocument, type RichTextDocument } from '../../shared/rich-text/schema.ts';
import type { DbLike } from '../db/client.ts';
import { newsletters } from '../db/schema.ts';
import { editionItems, type EditionContent } from './edition.ts';

const itemIdList = z.array(z.number().int().positive()).max(50);

/** A stored body document; one that no longer passes the schema is no body (never anything unchecked). */
export function storedDocument(json: string | null): RichTextDocument | null {
  if (json === null) return null;
  try {
    const parsed = richTextDocument.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storedItemIds(json: string): number[] {
  try {
    const parsed = itemIdList.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** An edition as its mails are made: its words, and the listed items still published. */
export async function editionContentOf(db: DbLike, id: number): Promise<EditionContent> {
  const [row] = await db.select().from(newsletters).where(eq(newsletters.id, id));
  if (!row) throw new Error(`No newsletter ${id}`);
  return {
    subjectEn: row.subjectEn,
    subjectFa: row.subjectFa,
    bodyEn: storedDocument(row.bodyEn),
    bodyFa: storedDocument(row.bodyFa),
    items: await editionItems(db, storedItemIds(row.itemIds)),
  };
}
