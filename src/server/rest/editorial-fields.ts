import { message } from '../../shared/messages.ts';
import type { RichTextDocument } from '../../shared/rich-text/schema.ts';
import { renderHtml } from '../../shared/rich-text/render.ts';
import type { EditorialOutput } from '../editorial/item.ts';
import type { Context } from '../trpc/context.ts';
import { fieldError } from '../trpc/init.ts';
import { field, type Body } from './endpoint.ts';
import { htmlReader } from './html-reader.ts';
import type { FieldNames } from './errors.ts';

/**
 * The REST spelling of the editorial fields (bodies as HTML, publication, the cover's words), on
 * top of the original API's. `status` and `publish_at` are optional: a create without them
 * publishes at once, as the original did.
 */
export const editorialFieldNames = (cover: 'image' | 'media'): FieldNames => ({
  bodyEn: 'body_En',
  bodyFa: 'body_fa',
  status: 'status',
  publishAt: 'publish_at',
  coverAltEn: `${cover}_alt_En`,
  coverAltFa: `${cover}_alt_fa`,
  coverCaptionEn: `${cover}_caption_En`,
  coverCaptionFa: `${cover}_caption_fa`,
  coverCredit: `${cover}_credit`,
  coverCreditFa: `${cover}_credit_fa`,
});

async function bodyFromHtml(ctx: Pick<Context, 'lang'>, name: string, html: unknown): Promise<RichTextDocument | undefined> {
  if (typeof html !== 'string' || html.trim() === '') return undefined;
  const { documentFromHtml, HtmlRejected } = await htmlReader();
  try {
    return documentFromHtml(html);
  } catch (error) {
    if (error instanceof HtmlRejected) throw fieldError(name, message(ctx.lang, error.key));
    throw error;
  }
}

/** The editorial fields of a REST body, bodies converted from HTML (what the document cannot hold is dropped). */
export async function editorialFieldsOf(ctx: Pick<Context, 'lang'>, body: Body, cover: 'image' | 'media') {
  return {
    bodyEn: await bodyFromHtml(ctx, 'bodyEn', body.body_En ?? body.body_en),
    bodyFa: await bodyFromHtml(ctx, 'bodyFa', body.body_fa ?? body.body_Fa),
    status: field(body, 'status'),
    publishAt: field(body, 'publish_at'),
    coverAltEn: field(body, `${cover}_alt_En`, `${cover}_alt_en`),
    coverAltFa: field(body, `${cover}_alt_fa`, `${cover}_alt_Fa`),
    coverCaptionEn: field(body, `${cover}_caption_En`, `${cover}_caption_en`),
    coverCaptionFa: field(body, `${cover}_caption_fa`, `${cover}_caption_Fa`),
    coverCredit: field(body, `${cover}_credit`),
    coverCreditFa: field(body, `${cover}_credit_fa`, `${cover}_credit_Fa`),
  };
}

const htmlOf = (segments: EditorialOutput['renderedEn']) =>
  segments
    .map((segment) => ('html' in segment ? segment.html : renderHtml({ type: 'doc', content: [{ type: 'video', attrs: { src: segment.video.link } }] })))
    .join('');

/**
 * What a REST detail answer adds to the original shape: the bodies as HTML (videos as links) and
 * the cover's words under the names they are sent with. Lists, creates and updates keep the
 * original shape; their `description_*` is the body's plain text.
 */
export function detailShape(item: EditorialOutput, cover: 'image' | 'media') {
  return {
    body_html_En: htmlOf(item.renderedEn),
    body_html_fa: htmlOf(item.renderedFa),
    [`${cover}_alt_En`]: item.coverAltEn,
    [`${cover}_alt_fa`]: item.coverAltFa,
    [`${cover}_caption_En`]: item.coverCaptionEn,
    [`${cover}_caption_fa`]: item.coverCaptionFa,
    [`${cover}_credit`]: item.coverCredit,
    [`${cover}_credit_fa`]: item.coverCreditFa,
  };
}
