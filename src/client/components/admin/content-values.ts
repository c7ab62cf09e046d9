import type { TFunction } from 'i18next';
import { withScheme } from '../../../shared/link-scheme.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import type { CreateContentInput, UpdateContentInput } from '../../../shared/schemas/content.ts';
import {
  editorialCreateInput,
  editorialLabels,
  editorialUpdateInput,
  editorialValuesOf,
  emptyEditorialValues,
  type EditorialValues,
} from './editorial/editorial-values.ts';

/** An item as editors get it: any status, with its body documents. */
export type ContentItem = RouterOutputs['news']['adminById'];

/** What the news/article/report form holds: plain strings, so a draft can be saved as JSON. */
export interface ContentValues extends Record<string, string>, EditorialValues {
  titleEn: string;
  titleFa: string;
  link: string;
  mediaTitleEn: string;
  mediaTitleFa: string;
  mediaDescriptionEn: string;
  mediaDescriptionFa: string;
  category: string;
  country: string;
}

export const emptyContentValues = (): ContentValues => ({
  ...emptyEditorialValues(),
  titleEn: '',
  titleFa: '',
  link: '',
  mediaTitleEn: '',
  mediaTitleFa: '',
  mediaDescriptionEn: '',
  mediaDescriptionFa: '',
  category: '',
  country: '',
});

export function contentValuesOf(item: ContentItem): ContentValues {
  const media = item.media[0];
  return {
    ...editorialValuesOf(item),
    titleEn: item.titleEn,
    titleFa: item.titleFa,
    link: media?.link ?? '',
    mediaTitleEn: media?.titleEn ?? '',
    mediaTitleFa: media?.titleFa ?? '',
    mediaDescriptionEn: media?.descriptionEn ?? '',
    mediaDescriptionFa: media?.descriptionFa ?? '',
    category: item.category ?? '',
    country: item.country ?? '',
  };
}

const mediaFields = ['link', 'mediaTitleEn', 'mediaTitleFa', 'mediaDescriptionEn', 'mediaDescriptionFa'] as const;

function mediaItemOf(values: ContentValues) {
  return {
    link: withScheme(values.link),
    titleEn: values.mediaTitleEn,
    titleFa: values.mediaTitleFa,
    descriptionEn: values.mediaDescriptionEn,
    descriptionFa: values.mediaDescriptionFa,
  };
}

/** The create input as the form holds it; the shared schema trims and drops the empty parts. */
export function createInputOf(values: ContentValues, imageUploadId: string | undefined) {
  const hasMedia = mediaFields.some((field) => values[field].trim());
  return {
    ...editorialCreateInput(values),
    titleEn: values.titleEn,
    titleFa: values.titleFa,
    descriptionEn: undefined,
    descriptionFa: undefined,
    // Absent, not empty, so a missing image reads "required" rather than "upload not found".
    imageUploadId,
    media: hasMedia ? [mediaItemOf(values)] : [],
    category: values.category,
    country: values.country,
  } satisfies Record<keyof CreateContentInput, unknown>;
}

/**
 * Only what the editor changed (the issue: edit pages send only changed fields). The media list
 * is sent whole when its first item changed, keeping any later items the form does not show.
 */
export function updateInputOf(id: number, initial: ContentValues, values: ContentValues, item: ContentItem, imageUploadId: string | undefined) {
  const input: Record<string, unknown> & { id: number } = { id, ...editorialUpdateInput(initial, values) };
  for (const field of ['titleEn', 'titleFa'] as const) if (values[field] !== initial[field]) input[field] = values[field];
  if (values.category !== initial.category) input.category = values.category || null;
  if (values.country !== initial.country) input.country = values.country || null;
  if (mediaFields.some((field) => values[field] !== initial[field])) input.media = [mediaItemOf(values), ...item.media.slice(1)];
  // A new picture is sent with its description: the old words described the old picture.
  if (imageUploadId) Object.assign(input, { imageUploadId, coverAltEn: values.coverAltEn, coverAltFa: values.coverAltFa });
  return input as { id: number } & Partial<Record<keyof UpdateContentInput, unknown>>;
}

/** The error keys a form field answers to (the media fields are reported as media.0.*). */
export function contentErrorKeys(field: keyof ContentValues): string[] {
  const media: Partial<Record<keyof ContentValues, string>> = {
    link: 'media.0.link',
    mediaTitleEn: 'media.0.titleEn',
    mediaTitleFa: 'media.0.titleFa',
    mediaDescriptionEn: 'media.0.descriptionEn',
    mediaDescriptionFa: 'media.0.descriptionFa',
  };
  return [String(field), ...(media[field] ? [media[field], 'media'] : [])];
}

/** Field names (as errors name them) to the labels the editor sees. */
export function contentLabels(t: TFunction<'admin'>): Record<string, string> {
  return {
    ...editorialLabels(t as (key: string) => string),
    titleEn: t('fields.titleEn'),
    titleFa: t('fields.titleFa'),
    imageUploadId: t('fields.image'),
    link: t('fields.link'),
    'media.0.link': t('fields.link'),
    'media.0.titleEn': t('fields.mediaTitleEn'),
    'media.0.titleFa': t('fields.mediaTitleFa'),
    'media.0.descriptionEn': t('fields.mediaDescriptionEn'),
    'media.0.descriptionFa': t('fields.mediaDescriptionFa'),
    media: t('fields.media'),
    category: t('fields.category'),
    country: t('fields.country'),
  };
}
