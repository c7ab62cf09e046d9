import { eq } from 'drizzle-orm';
import type { DbLike } from '../db/client.ts';
import type { legalItems, posts } from '../db/schema.ts';
import { isInLanguage, publicationGaps } from '../../shared/item-languages.ts';
import { message, type MessageKey } from '../../shared/messages.ts';
import { hasContent } from '../../shared/schemas/editorial.ts';
import type { PublicationStatus } from '../../shared/schemas/editorial.ts';
import type { Context } from '../trpc/context.ts';
import { fieldErrorLists } from '../trpc/init.ts';

/** An item's words as stored after a save, before its transaction commits. */
export interface StoredWords {
  status: PublicationStatus;
  titleEn: string;
  titleFa: string;
  descriptionEn: string;
  descriptionFa: string;
  bodyEn: string | null;
  bodyFa: string | null;
  coverAltEn: string | null;
  coverAltFa: string | null;
}

export interface ReadinessRules {
  /** Whether the item has its cover (a picture, a video, a video link). */
  hasCover: boolean;
  /** Whether that cover is a picture, which readers who cannot see it need described. */
  coverIsPicture: boolean;
  /**
   * Whether publishing needs a cover, the field that carries it, and what to say when it is
   * missing (`originalMissing`: what the original API said).
   */
  cover?: { field: string; missing: MessageKey; originalMissing: MessageKey };
  /** This save brought a new cover picture (the old words described the old one). */
  newCover: boolean;
}

const storedBodySays = (body: string | null, description: string) => {
  if (description.trim()) return true;
  if (!body) return false;
  try {
    return hasContent(JSON.parse(body));
  } catch {
    return false;
  }
};

const isOut = (status: PublicationStatus) => status !== 'published' && status !== 'scheduled';

/**
 * Refuses a save whose stored result would be public but incomplete, naming every gap at once (the
 * caller's transaction then rolls back and nothing changes). Drafts keep whatever is there. The
 * cover's description is asked for in each language it is published in where the description
 * can have gone missing: a new item, a new cover, a language new to the item, an item going out.
 * Items described before this rule, or created through the original REST API, keep being edited
 * without it. The original API's creates keep the original's rule: every field it had is needed.
 */
export function requirePublishable(
  ctx: Pick<Context, 'lang' | 'originalApi'>,
  after: StoredWords,
  before: StoredWords | undefined,
  rules: ReadinessRules,
): void {
  if (isOut(after.status)) return;
  const hasBodyEn = storedBodySays(after.bodyEn, after.descriptionEn);
  const hasBodyFa = storedBodySays(after.bodyFa, after.descriptionFa);
  let gaps: Record<string, MessageKey>;
  if (ctx.originalApi && !before) {
    gaps = {};
    if (!after.titleEn.trim()) gaps.titleEn = 'required';
    if (!after.titleFa.trim()) gaps.titleFa = 'required';
    if (!hasBodyEn) gaps.descriptionEn = 'required';
    if (!hasBodyFa) gaps.descriptionFa = 'required';
    if (rules.cover && !rules.hasCover) gaps[rules.cover.field] = rules.cover.originalMissing;
  } else {
    const altIn = (language: 'en' | 'fa') =>
      !ctx.originalApi && rules.coverIsPicture && (!before || rules.newCover || isOut(before.status) || !isInLanguage(before, language));
    const found = publicationGaps({ ...after, hasBodyEn, hasBodyFa, hasCover: rules.hasCover }, { altIn, cover: Boolean(rules.cover) });
    const { cover, ...words } = found;
    gaps = { ...words, ...(cover && rules.cover ? { [rules.cover.field]: rules.cover.missing } : {}) };
  }
  if (Object.keys(gaps).length)
    throw fieldErrorLists(Object.fromEntries(Object.entries(gaps).map(([field, key]) => [field, [message(ctx.lang, key)]])), ctx.lang);
}

/**
 * The words a save is checked by: with a new cover picture, only the descriptions sent with it
 * count (the stored ones described the old picture).
 */
export function wordsOfSave(after: StoredWords, input: { coverAltEn?: string; coverAltFa?: string }, newCover: boolean): StoredWords {
  return newCover ? { ...after, coverAltEn: input.coverAltEn ?? null, coverAltFa: input.coverAltFa ?? null } : after;
}

/** The stored words of an item, read inside the saving transaction. */
export async function storedWords(db: DbLike, table: typeof posts | typeof legalItems, id: number): Promise<StoredWords | undefined> {
  const [row] = await db
    .select({
      status: table.status,
      titleEn: table.titleEn,
      titleFa: table.titleFa,
      descriptionEn: table.descriptionEn,
      descriptionFa: table.descriptionFa,
      bodyEn: table.bodyEn,
      bodyFa: table.bodyFa,
      coverAltEn: table.coverAltEn,
      coverAltFa: table.coverAltFa,
    })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row;
}
