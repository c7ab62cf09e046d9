import type { RichTextDocument } from '../../../shared/rich-text/schema.ts';
import type { PublicationStatus } from '../../../shared/schemas/editorial.ts';

/** Whose revisions: a news item, article or report (posts), or a legal-awareness item. */
export type RevisionOwner = { postId: number; legalId?: undefined } | { legalId: number; postId?: undefined };

/** What a revision keeps of an item, stored as JSON. */
export interface RevisionSnapshot {
  titleEn: string;
  titleFa: string;
  bodyEn: RichTextDocument;
  bodyFa: RichTextDocument;
  status: PublicationStatus;
  publishAt: string | null;
  coverAltEn: string | null;
  coverAltFa: string | null;
  coverCaptionEn: string | null;
  coverCaptionFa: string | null;
  coverCredit: string | null;
  /** Absent in revisions saved before credits were kept per language (the one credit showed in both). */
  coverCreditFa?: string | null;
  /** Absent from revisions saved before items had slugs and search descriptions (restoring one leaves them). */
  slugEn?: string | null;
  slugFa?: string | null;
  summaryEn?: string | null;
  summaryFa?: string | null;
}
