import type { RichTextDocument } from '../../../../shared/rich-text/schema.ts';
import { parseBody } from '../rich-text/parse-body.ts';

/** A newsletter as its form holds it: plain strings, so a draft saves as JSON (a type, not an interface: a form's values are a Record). */
export type EditionValues = {
  subjectEn: string;
  subjectFa: string;
  /** The body documents as JSON text, as the body editors keep them. */
  bodyEn: string;
  bodyFa: string;
  /** The listed items' ids in the mail's order, comma-separated. */
  itemIds: string;
};

export const emptyEditionValues = (): EditionValues => ({ subjectEn: '', subjectFa: '', bodyEn: '', bodyFa: '', itemIds: '' });

export function editionValuesOf(edition: {
  subjectEn: string;
  subjectFa: string;
  bodyEn: RichTextDocument | null;
  bodyFa: RichTextDocument | null;
  itemIds: number[];
}): EditionValues {
  return {
    subjectEn: edition.subjectEn,
    subjectFa: edition.subjectFa,
    bodyEn: edition.bodyEn ? JSON.stringify(edition.bodyEn) : '',
    bodyFa: edition.bodyFa ? JSON.stringify(edition.bodyFa) : '',
    itemIds: edition.itemIds.join(','),
  };
}

export const itemIdsOf = (text: string): number[] => (text ? text.split(',').map(Number) : []);

/** None for a body never written; one the editor emptied (an empty paragraph) the server counts as none too. */
const bodyOf = (text: string) => (text ? parseBody(text) : null);

/** What the create and update procedures take (the shared schema checks it). */
export function editionInput(values: EditionValues) {
  return {
    subjectEn: values.subjectEn,
    subjectFa: values.subjectFa,
    bodyEn: bodyOf(values.bodyEn),
    bodyFa: bodyOf(values.bodyFa),
    itemIds: itemIdsOf(values.itemIds),
  };
}

/** Field names as errors name them, to the labels the editor sees. */
export function editionLabels(t: (key: string) => string): Record<string, string> {
  return Object.fromEntries(['subjectEn', 'subjectFa', 'bodyEn', 'bodyFa', 'itemIds'].map((field) => [field, t(`newsletters.fields.${field}`)]));
}
