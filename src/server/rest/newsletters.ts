import express from 'express';
import { documentFromPlainText } from '../../shared/rich-text/plain-text.ts';
import { message } from '../../shared/messages.ts';
import type { RichTextDocument } from '../../shared/rich-text/schema.ts';
import { fieldError } from '../trpc/init.ts';
import type { Context, Deps } from '../trpc/context.ts';
import type { NewsletterProgress } from '../routers/newsletters.ts';
import { bodyOf, created, endpoint, idParam, ok, type Body } from './endpoint.ts';
import { fileReceiver } from './multipart.ts';
import { htmlReader } from './html-reader.ts';

/** The REST names of the newsletter's fields, as the other editorial endpoints spell them. */
const fields = { subjectEn: 'subject_En', subjectFa: 'subject_fa', bodyEn: 'body_En', bodyFa: 'body_fa', itemIds: 'items' };

/** A body as HTML (what the document cannot hold is dropped) or, without tags, as plain paragraphs. */
async function bodyOfField(ctx: Pick<Context, 'lang'>, name: string, value: unknown): Promise<RichTextDocument | undefined> {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  if (!/<[a-z!/]/i.test(value)) return documentFromPlainText(value);
  const { documentFromHtml, HtmlRejected } = await htmlReader();
  try {
    return documentFromHtml(value);
  } catch (error) {
    if (error instanceof HtmlRejected) throw fieldError(name, message(ctx.lang, error.key));
    throw error;
  }
}

/** Item ids as a JSON array, a list of form fields, or comma-separated text. */
function itemIdsOf(body: Body): unknown {
  const value = body.items ?? body.item_ids ?? body['items[]'];
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value.split(',').map((part) => part.trim());
  return value;
}

const text = (body: Body, ...names: string[]) => {
  for (const name of names) if (typeof body[name] === 'string') return body[name];
  return undefined;
};

const progressShape = (id: number, progress: NewsletterProgress) => ({
  id,
  state: progress.state,
  recipients: progress.recipients,
  sent: progress.sent,
  failed: progress.failed,
  skipped: progress.skipped,
  remaining: progress.remaining,
});

/** The newsletter's REST face (docs/api.md): create, send, and read an edition's state and counts. */
export function newsletterRoutes(deps: Deps) {
  const routes = express.Router();
  // A multipart form (as the original admin forms post) is read for its text fields; an edition has no file.
  const receive = fileReceiver(deps, [], { adminOnly: true });

  routes.post(
    '/admin/newsletters',
    endpoint(
      deps,
      async (call) => {
        const { req, ctx, caller } = call;
        await receive(call);
        const body = bodyOf(req);
        const result = await caller.newsletters.create({
          subjectEn: text(body, 'subject_En', 'subject_en'),
          subjectFa: text(body, 'subject_fa', 'subject_Fa'),
          bodyEn: await bodyOfField(ctx, 'body_En', body.body_En ?? body.body_en),
          bodyFa: await bodyOfField(ctx, 'body_fa', body.body_fa ?? body.body_Fa),
          itemIds: itemIdsOf(body) as number[] | undefined,
        });
        return created({ id: result.id });
      },
      { fields },
    ),
  );

  routes.post(
    '/admin/newsletters/:id/send',
    endpoint(deps, async ({ req, caller }) => {
      const id = Number(idParam(req));
      return ok({ success: true, data: progressShape(id, await caller.newsletters.send({ id })) });
    }),
  );

  routes.get(
    '/admin/newsletters/:id',
    endpoint(deps, async ({ req, caller }) => {
      const edition = await caller.newsletters.byId({ id: idParam(req) });
      return ok({
        ...progressShape(edition.id, edition),
        subject_En: edition.subjectEn,
        subject_fa: edition.subjectFa,
        items: edition.itemIds,
        created_at: edition.createdAt,
        started_at: edition.startedAt,
        finished_at: edition.finishedAt,
      });
    }),
  );
  return routes;
}
