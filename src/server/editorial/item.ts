import type { BodySegment, MediaSide } from '../../shared/rich-text/render.ts';
import type { RichTextDocument } from '../../shared/rich-text/schema.ts';
import type { PublicationStatus } from '../../shared/schemas/editorial.ts';
import { itemSlugs } from '../../shared/slugs.ts';
import type { DbLike } from '../db/client.ts';
import { sql } from 'drizzle-orm';
import { users, type legalItems, type posts } from '../db/schema.ts';
import { bodyColumns, documentsOf, renderedBodies, type StoredBodies } from './bodies.ts';
import { bodyImages, claimBodyImages, type BodyPictureClaimant } from './body-images.ts';
import { publicationColumns } from './publication.ts';

type EditorialTable = typeof posts | typeof legalItems;

/** The editorial columns of a table, for a select. */
export function editorialColumns(table: EditorialTable) {
  return {
    status: table.status,
    publishAt: table.publishAt,
    bodyEn: table.bodyEn,
    bodyFa: table.bodyFa,
    coverAltEn: table.coverAltEn,
    coverAltFa: table.coverAltFa,
    coverCaptionEn: table.coverCaptionEn,
    coverCaptionFa: table.coverCaptionFa,
    coverCredit: table.coverCredit,
    coverCreditFa: table.coverCreditFa,
    // The slugs as stored (null: made from the title); every answer carries the ones in use (editorialOutput).
    slugEn: table.slugEn,
    slugFa: table.slugFa,
    createdBy: table.createdBy,
    reviewRequestedAt: table.reviewRequestedAt,
    byline: table.byline,
    bylineEn: bylineIn(table, users.publicNameEn),
    bylineFa: bylineIn(table, users.publicNameFa),
  };
}

/** A list's columns: lists never send bodies (cards show the plain-text description), so they do not read them either. */
export function withoutBodies<Columns extends object>(columns: Columns) {
  return { ...columns, bodyEn: sql<null>`NULL`, bodyFa: sql<null>`NULL` };
}

/**
 * The descriptions for search engines and share cards: read for one item (its page, its editor),
 * never for lists, which have no use for them.
 */
export function summaryColumns(table: EditorialTable) {
  return { summaryEn: table.summaryEn, summaryFa: table.summaryFa };
}

/** The author's public name in one language when the item carries her byline; else null (the newsroom's). */
function bylineIn(table: EditorialTable, name: typeof users.publicNameEn | typeof users.publicNameFa) {
  return sql<string | null>`(CASE WHEN ${table.byline} = 'author' THEN (SELECT ${name} FROM ${users} WHERE ${users.id} = ${table.createdBy}) END)`;
}

export interface EditorialRow extends StoredBodies {
  titleEn: string;
  titleFa: string;
  status: PublicationStatus;
  publishAt: Date | null;
  coverAltEn: string | null;
  coverAltFa: string | null;
  coverCaptionEn: string | null;
  coverCaptionFa: string | null;
  coverCredit: string | null;
  coverCreditFa: string | null;
  slugEn: string | null;
  slugFa: string | null;
  /** Read for one item only (summaryColumns). */
  summaryEn?: string | null;
  summaryFa?: string | null;
  createdBy: number | null;
  reviewRequestedAt: Date | null;
  byline: Byline;
  bylineEn: string | null;
  bylineFa: string | null;
}

export type Byline = 'author' | 'newsroom';

/** What readers get besides the original fields: status, the cover's words, the rendered bodies. */
export interface EditorialOutput {
  status: PublicationStatus;
  publishAt: Date | null;
  /** Alt text of the cover; items saved before it existed fall back to their title. */
  coverAltEn: string;
  coverAltFa: string;
  coverCaptionEn: string | null;
  coverCaptionFa: string | null;
  coverCredit: string | null;
  coverCreditFa: string | null;
  /** The readable part of the item's address per language: as written, else made from the title (docs/decisions/033). */
  slugEn: string;
  slugFa: string;
  /** What search engines and share cards show per language; null: the body's start. Detail answers only. */
  summaryEn?: string | null;
  summaryFa?: string | null;
  /** When a writer sent the draft for review (null once it is published or sent back). */
  reviewRequestedAt: Date | null;
  /** Whose name the item is published under: its author's ('author') or the newsroom's. */
  byline: Byline;
  /** The author's public name per language, when the item carries it; null: the newsroom's name. */
  bylineEn: string | null;
  bylineFa: string | null;
  renderedEn: BodySegment[];
  renderedFa: BodySegment[];
}

/** What editors get besides: the body documents, for the editor, and the cover's alt text as written. */
export interface EditorialDocuments {
  documentEn: RichTextDocument;
  documentFa: RichTextDocument;
  /**
   * The alt text as stored: null for a cover never described (an older item, or one created
   * through the original API), which readers see described by its title. The edit form starts
   * from these, so an editor is asked to describe such a cover instead of being shown the title.
   */
  writtenCoverAltEn: string | null;
  writtenCoverAltFa: string | null;
  /** The slugs as stored: null while the address follows the title (the form then shows the title's as a placeholder). */
  writtenSlugEn: string | null;
  writtenSlugFa: string | null;
}

/**
 * The public face of a stored row's editorial columns; the body columns themselves are not sent.
 * `media: 'private'` addresses body pictures on the editors' path (previews).
 */
export function editorialOutput<Row extends EditorialRow>(
  row: Row,
  options: { rendered: boolean; media?: MediaSide },
): Omit<Row, 'bodyEn' | 'bodyFa' | 'createdBy'> & EditorialOutput {
  // Who wrote an item is the newsroom's business: editors read it from the item's admin view.
  const { bodyEn: _bodyEn, bodyFa: _bodyFa, createdBy: _createdBy, ...rest } = row;
  return {
    ...rest,
    coverAltEn: row.coverAltEn || row.titleEn,
    coverAltFa: row.coverAltFa || row.titleFa,
    ...itemSlugs(row),
    ...(options.rendered ? renderedBodies(row, options.media ?? 'public') : { renderedEn: [], renderedFa: [] }),
  };
}

export function editorialDocuments(row: StoredBodies & Pick<EditorialRow, 'coverAltEn' | 'coverAltFa' | 'slugEn' | 'slugFa'>): EditorialDocuments {
  const documents = documentsOf(row);
  return {
    documentEn: documents.en,
    documentFa: documents.fa,
    writtenCoverAltEn: row.coverAltEn || null,
    writtenCoverAltFa: row.coverAltFa || null,
    writtenSlugEn: row.slugEn || null,
    writtenSlugFa: row.slugFa || null,
  };
}

export interface EditorialInput {
  descriptionEn?: string;
  descriptionFa?: string;
  bodyEn?: RichTextDocument;
  bodyFa?: RichTextDocument;
  status?: PublicationStatus;
  publishAt?: Date;
  coverAltEn?: string;
  coverAltFa?: string;
  coverCaptionEn?: string | null;
  coverCaptionFa?: string | null;
  coverCredit?: string | null;
  coverCreditFa?: string | null;
  slugEn?: string | null;
  slugFa?: string | null;
  summaryEn?: string | null;
  summaryFa?: string | null;
}

/**
 * The columns an editor's save writes: bodies with their plain-text descriptions, publication,
 * the cover's words, the slugs and the descriptions for search engines (null clears one). Pictures inside the bodies are claimed here (inside the caller's transaction).
 */
export async function editorialWrites(
  db: DbLike,
  input: EditorialInput,
  current: { status: PublicationStatus; publishAt: Date | null } | undefined,
  now: Date,
  claimant: BodyPictureClaimant,
): Promise<Partial<typeof posts.$inferInsert>> {
  const changes: Partial<typeof posts.$inferInsert> = {};
  const en = bodyColumns(input.bodyEn, input.descriptionEn);
  if (en) [changes.bodyEn, changes.descriptionEn] = [en.body, en.description];
  const fa = bodyColumns(input.bodyFa, input.descriptionFa);
  if (fa) [changes.bodyFa, changes.descriptionFa] = [fa.body, fa.description];
  await claimBodyImages(db, 'bodyEn', bodyImages(input.bodyEn), now, claimant);
  await claimBodyImages(db, 'bodyFa', bodyImages(input.bodyFa), now, claimant);
  const publication = publicationColumns(input, current, now);
  if (publication) Object.assign(changes, publication);
  for (const key of [
    'coverAltEn',
    'coverAltFa',
    'coverCaptionEn',
    'coverCaptionFa',
    'coverCredit',
    'coverCreditFa',
    'slugEn',
    'slugFa',
    'summaryEn',
    'summaryFa',
  ] as const)
    if (input[key] !== undefined) changes[key] = input[key];
  return changes;
}
