import type { RichTextDocument } from '../../../../shared/rich-text/schema.ts';
import type { PublicationStatus } from '../../../../shared/schemas/editorial.ts';
import { editorTimeZones, instantToZoned, isTimeZone, zonedToInstant } from '../../../../shared/time-zones.ts';
import { parseBody } from '../rich-text/parse-body.ts';

/** The editorial part of a news, article, report or legal form: plain strings, so a draft saves as JSON. */
export interface EditorialValues {
  bodyEn: string;
  bodyFa: string;
  status: string;
  /** Wall-clock time in `timeZone`, as a datetime-local field holds it. */
  publishAt: string;
  timeZone: string;
  coverAltEn: string;
  coverAltFa: string;
  coverCaptionEn: string;
  coverCaptionFa: string;
  coverCredit: string;
  coverCreditFa: string;
  /** The readable part of the address as the editor wrote it; empty: made from the title. */
  slugEn: string;
  slugFa: string;
  /** The description for search engines and share cards; empty: the text's start. */
  summaryEn: string;
  summaryFa: string;
  /** 'on' when the draft is (to be) sent for an editor's review, as a checkbox says it; else ''. */
  forReview: string;
  /** 'author' (her public name) or 'newsroom' (the site's name only). */
  byline: string;
}

const ZONE_KEY = 'editor-time-zone';

/** The zone an editor last chose, else the browser's own, else Tehran. */
export function preferredTimeZone(): string {
  try {
    const saved = localStorage.getItem(ZONE_KEY);
    if (saved && isTimeZone(saved)) return saved;
  } catch {
    // storage unavailable: fall through
  }
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return own && isTimeZone(own) ? own : editorTimeZones[0];
}

export function rememberTimeZone(zone: string): void {
  try {
    localStorage.setItem(ZONE_KEY, zone);
  } catch {
    // storage unavailable: the choice lasts for this form only
  }
}

/** A new item's values: a draft, whatever the role, so nothing goes live before the editor chooses it. */
export const emptyEditorialValues = (): EditorialValues => ({
  bodyEn: '',
  bodyFa: '',
  status: 'draft',
  publishAt: '',
  timeZone: preferredTimeZone(),
  coverAltEn: '',
  coverAltFa: '',
  coverCaptionEn: '',
  coverCaptionFa: '',
  coverCredit: '',
  coverCreditFa: '',
  slugEn: '',
  slugFa: '',
  summaryEn: '',
  summaryFa: '',
  forReview: '',
  byline: 'author',
});

interface EditorialItem {
  documentEn: RichTextDocument;
  documentFa: RichTextDocument;
  status: PublicationStatus;
  publishAt: Date | null;
  coverAltEn: string;
  coverAltFa: string;
  /** The alt text as written; null for a cover never described (readers get the title). */
  writtenCoverAltEn?: string | null;
  writtenCoverAltFa?: string | null;
  coverCaptionEn: string | null;
  coverCaptionFa: string | null;
  coverCredit: string | null;
  coverCreditFa: string | null;
  /** The slugs as stored (null while the address follows the title). */
  writtenSlugEn?: string | null;
  writtenSlugFa?: string | null;
  summaryEn?: string | null;
  summaryFa?: string | null;
  reviewRequestedAt?: Date | null;
  byline?: string;
}

export function editorialValuesOf(item: EditorialItem): EditorialValues {
  const timeZone = preferredTimeZone();
  return {
    bodyEn: JSON.stringify(item.documentEn),
    bodyFa: JSON.stringify(item.documentFa),
    status: item.status,
    publishAt: item.publishAt ? instantToZoned(new Date(item.publishAt), timeZone) : '',
    timeZone,
    // An undescribed cover starts empty, so the editor is asked for words rather than shown the title.
    coverAltEn: item.writtenCoverAltEn === undefined ? item.coverAltEn : (item.writtenCoverAltEn ?? ''),
    coverAltFa: item.writtenCoverAltFa === undefined ? item.coverAltFa : (item.writtenCoverAltFa ?? ''),
    coverCaptionEn: item.coverCaptionEn ?? '',
    coverCaptionFa: item.coverCaptionFa ?? '',
    coverCredit: item.coverCredit ?? '',
    coverCreditFa: item.coverCreditFa ?? '',
    slugEn: item.writtenSlugEn ?? '',
    slugFa: item.writtenSlugFa ?? '',
    summaryEn: item.summaryEn ?? '',
    summaryFa: item.summaryFa ?? '',
    forReview: item.reviewRequestedAt ? 'on' : '',
    byline: item.byline ?? 'author',
  };
}

const bodyOf = (value: string) => (value ? parseBody(value) : undefined);
/** The moment the editor chose, in their zone; absent unless scheduling. */
const publishAtOf = (values: EditorialValues) =>
  values.status === 'scheduled' && values.publishAt ? (zonedToInstant(values.publishAt, values.timeZone) ?? undefined) : undefined;

/** The editorial fields of a create input; the shared schema checks them. */
export function editorialCreateInput(values: EditorialValues) {
  return {
    bodyEn: bodyOf(values.bodyEn),
    bodyFa: bodyOf(values.bodyFa),
    status: values.status,
    publishAt: publishAtOf(values),
    coverAltEn: values.coverAltEn,
    coverAltFa: values.coverAltFa,
    coverCaptionEn: values.coverCaptionEn,
    coverCaptionFa: values.coverCaptionFa,
    coverCredit: values.coverCredit,
    coverCreditFa: values.coverCreditFa,
    slugEn: values.slugEn,
    slugFa: values.slugFa,
    summaryEn: values.summaryEn,
    summaryFa: values.summaryFa,
    forReview: values.status === 'draft' ? values.forReview === 'on' : undefined,
    byline: values.byline || undefined,
  };
}

/** Only what changed; a caption, credit, slug or search description emptied is sent as null, which clears it. */
export function editorialUpdateInput(initial: EditorialValues, values: EditorialValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (values.bodyEn !== initial.bodyEn) input.bodyEn = bodyOf(values.bodyEn) ?? { type: 'doc', content: [] };
  if (values.bodyFa !== initial.bodyFa) input.bodyFa = bodyOf(values.bodyFa) ?? { type: 'doc', content: [] };
  if (values.status !== initial.status || values.publishAt !== initial.publishAt || values.timeZone !== initial.timeZone) {
    input.status = values.status;
    input.publishAt = publishAtOf(values);
  }
  for (const field of ['coverAltEn', 'coverAltFa'] as const) if (values[field] !== initial[field]) input[field] = values[field];
  for (const field of ['coverCaptionEn', 'coverCaptionFa', 'coverCredit', 'coverCreditFa', 'slugEn', 'slugFa', 'summaryEn', 'summaryFa'] as const)
    if (values[field] !== initial[field]) input[field] = values[field].trim() ? values[field] : null;
  if (values.forReview !== initial.forReview && values.status === 'draft') input.forReview = values.forReview === 'on';
  if (values.byline !== initial.byline) input.byline = values.byline;
  return input;
}

/** Field names as errors name them, to the labels the editor sees. */
export function editorialLabels(t: (key: string) => string): Record<string, string> {
  return {
    bodyEn: t('fields.bodyEn'),
    bodyFa: t('fields.bodyFa'),
    descriptionEn: t('fields.bodyEn'),
    descriptionFa: t('fields.bodyFa'),
    status: t('publication.status'),
    publishAt: t('fields.publishAt'),
    coverAltEn: t('fields.coverAltEn'),
    coverAltFa: t('fields.coverAltFa'),
    coverCaptionEn: t('fields.coverCaptionEn'),
    coverCaptionFa: t('fields.coverCaptionFa'),
    coverCredit: t('fields.coverCreditEn'),
    coverCreditFa: t('fields.coverCreditFa'),
    slugEn: t('fields.slugEn'),
    slugFa: t('fields.slugFa'),
    summaryEn: t('fields.summaryEn'),
    summaryFa: t('fields.summaryFa'),
  };
}
