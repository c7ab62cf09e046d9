import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '../../shared/locale.ts';
import { message } from '../../shared/messages.ts';
import type { RichTextDocument } from '../../shared/rich-text/schema.ts';
import { byIdInput, pageInput } from '../../shared/schemas/common.ts';
import { hasContent } from '../../shared/schemas/editorial.ts';
import {
  createNewsletterInput,
  previewNewsletterInput,
  testNewsletterInput,
  updateNewsletterInput,
  type newsletterFields,
} from '../../shared/schemas/newsletter.ts';
import type { z } from 'zod';
import { execute, type DbLike } from '../db/client.ts';
import { newsletterDeliveries, newsletters, newsletterSubscribers, posts } from '../db/schema.ts';
import { siteOrigin } from '../env.ts';
import { editionContentOf, storedDocument, storedItemIds } from '../mail/edition-store.ts';
import { editionLanguages, renderEdition } from '../mail/edition.ts';
import { publicCondition } from '../publication/visibility.ts';
import { fieldErrorLists } from '../trpc/init.ts';
import { editorProcedure, router } from '../trpc/procedures.ts';
import type { Context } from '../trpc/context.ts';
import { notFound, pageWindow, type Page } from './helpers.ts';
import { unsubscribePath } from '../../shared/newsletter-paths.ts';

/**
 * The unsubscribe link of a preview or a test mail: it opens the real page, whose button changes
 * nothing (a token of this shape names no reader).
 */
const NO_READER = 'example';

type Fields = z.infer<typeof newsletterFields>;
type NewsletterState = 'draft' | 'sending' | 'paused' | 'sent';

export interface NewsletterProgress {
  state: NewsletterState;
  recipients: number;
  sent: number;
  failed: number;
  /** Readers who unsubscribed or bounced after the edition was queued. */
  skipped: number;
  remaining: number;
}

export interface NewsletterSummary extends NewsletterProgress {
  id: number;
  subjectEn: string;
  subjectFa: string;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const now = (ctx: Pick<Context, 'clock'>) => (ctx.clock ? ctx.clock.now() : new Date());

/** The rule of what an edition says: a language with a subject has a body, and the reverse; no pictures of its own. */
function checkWords(
  ctx: Pick<Context, 'lang'>,
  fields: { subjectEn: string; subjectFa: string; bodyEn: RichTextDocument | null; bodyFa: RichTextDocument | null },
) {
  const errors: Record<string, string[]> = {};
  for (const language of ['En', 'Fa'] as const) {
    const subject = fields[`subject${language}`].trim();
    const body = fields[`body${language}`];
    const written = Boolean(body?.content.length);
    if (subject && !written) errors[`body${language}`] = [message(ctx.lang, 'newsletterSubjectAndBody')];
    if (!subject && written) errors[`subject${language}`] = [message(ctx.lang, 'newsletterSubjectAndBody')];
    if (body?.content.some((block) => block.type === 'image')) errors[`body${language}`] = [message(ctx.lang, 'newsletterNoPictures')];
  }
  if (Object.keys(errors).length) throw fieldErrorLists(errors, ctx.lang);
}

async function checkItems(ctx: Pick<Context, 'lang'>, db: DbLike, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const found = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(inArray(posts.id, [...ids]), publicCondition(posts.status)));
  if (found.length !== new Set(ids).size) throw fieldErrorLists({ itemIds: [message(ctx.lang, 'newsletterItemNotPublished')] }, ctx.lang);
}

const documentColumn = (body: RichTextDocument | null | undefined) => (body?.content.length ? JSON.stringify(body) : null);

/** Per-state counts of an edition's queue, with the edition's own state. */
/** Per-state counts of the queues of the editions `ids`, in one query. */
async function queueCounts(db: DbLike, ids: readonly number[]): Promise<Map<number, Record<string, number>>> {
  const counts = new Map<number, Record<string, number>>();
  if (!ids.length) return counts;
  const rows = await db
    .select({ id: newsletterDeliveries.newsletterId, state: newsletterDeliveries.state, value: count() })
    .from(newsletterDeliveries)
    .where(inArray(newsletterDeliveries.newsletterId, [...ids]))
    .groupBy(newsletterDeliveries.newsletterId, newsletterDeliveries.state);
  for (const row of rows) counts.set(row.id, { ...counts.get(row.id), [row.state]: Number(row.value) });
  return counts;
}

function progressFrom(edition: { state: NewsletterState; recipients: number }, counts: Record<string, number> = {}): NewsletterProgress {
  const of = (state: string) => counts[state] ?? 0;
  return { state: edition.state, recipients: edition.recipients, sent: of('sent'), failed: of('failed'), skipped: of('skipped'), remaining: of('queued') };
}

/** Per-state counts of an edition's queue, with the edition's own state. */
export async function progressOf(db: DbLike, id: number): Promise<NewsletterProgress | null> {
  const [row] = await db.select({ state: newsletters.state, recipients: newsletters.recipients }).from(newsletters).where(eq(newsletters.id, id));
  if (!row) return null;
  return progressFrom(row, (await queueCounts(db, [id])).get(id));
}

async function changeState(ctx: Context, id: number, from: NewsletterState[], to: NewsletterState, refusal: Parameters<typeof message>[1]) {
  const changed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ state: newsletters.state }).from(newsletters).where(eq(newsletters.id, id));
    if (!row) throw notFound(ctx);
    const [updated] = await tx
      .update(newsletters)
      .set({ state: to, updatedAt: now(ctx) })
      .where(and(eq(newsletters.id, id), inArray(newsletters.state, from)))
      .returning({ id: newsletters.id });
    return Boolean(updated);
  });
  if (!changed) throw new TRPCError({ code: 'CONFLICT', message: message(ctx.lang, refusal) });
  if (to === 'sending') ctx.mail.kick();
  return (await progressOf(ctx.db, id))!;
}

export const newslettersRouter = router({
  /** Whether mail can leave this server, and how many confirmed readers each edition has. */
  overview: editorProcedure.query(async ({ ctx }) => {
    const readers = await ctx.db
      .select({ language: newsletterSubscribers.language, value: count() })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.state, 'confirmed'))
      .groupBy(newsletterSubscribers.language);
    const of = (language: Language) => Number(readers.find((entry) => entry.language === language)?.value ?? 0);
    return { configured: ctx.mail.configured, ratePerMinute: ctx.env.MAIL_RATE_PER_MINUTE, readers: { en: of('en'), fa: of('fa') } };
  }),

  list: editorProcedure.input(pageInput).query(async ({ ctx, input }): Promise<Page<NewsletterSummary>> => {
    const { limit, offset } = pageWindow(input);
    const rows = await ctx.db
      .select({
        id: newsletters.id,
        subjectEn: newsletters.subjectEn,
        subjectFa: newsletters.subjectFa,
        createdAt: newsletters.createdAt,
        startedAt: newsletters.startedAt,
        finishedAt: newsletters.finishedAt,
        state: newsletters.state,
        recipients: newsletters.recipients,
      })
      .from(newsletters)
      .orderBy(desc(newsletters.createdAt), desc(newsletters.id))
      .limit(limit)
      .offset(offset);
    const counts = await queueCounts(
      ctx.db,
      rows.map((row) => row.id),
    );
    const items = rows.map((row) => ({ ...row, ...progressFrom(row, counts.get(row.id)) }));
    const [counted] = await ctx.db.select({ value: count() }).from(newsletters);
    return { items, total: counted?.value ?? 0, page: input.page, pageSize: input.pageSize };
  }),

  byId: editorProcedure.input(byIdInput).query(async ({ ctx, input }) => {
    const [row] = await ctx.db.select().from(newsletters).where(eq(newsletters.id, input.id));
    if (!row) throw notFound(ctx);
    const itemIds = storedItemIds(row.itemIds);
    const listed = itemIds.length
      ? await ctx.db
          .select({ id: posts.id, kind: posts.kind, titleEn: posts.titleEn, titleFa: posts.titleFa, status: posts.status })
          .from(posts)
          .where(inArray(posts.id, itemIds))
      : [];
    return {
      id: row.id,
      subjectEn: row.subjectEn,
      subjectFa: row.subjectFa,
      bodyEn: storedDocument(row.bodyEn),
      bodyFa: storedDocument(row.bodyFa),
      itemIds,
      items: itemIds.flatMap((itemId) => listed.filter((item) => item.id === itemId)),
      createdAt: row.createdAt,
      startedAt: row.startedAt,
      finishedAt: row.finishedAt,
      ...(await progressOf(ctx.db, row.id))!,
    };
  }),

  /** The state and counts alone, for the progress bar to poll. */
  progress: editorProcedure.input(byIdInput).query(async ({ ctx, input }) => {
    const progress = await progressOf(ctx.db, input.id);
    if (!progress) throw notFound(ctx);
    return progress;
  }),

  /** Published items to list, newest first. */
  recentItems: editorProcedure.query(async ({ ctx }) =>
    ctx.db
      .select({ id: posts.id, kind: posts.kind, titleEn: posts.titleEn, titleFa: posts.titleFa, image: posts.image, createdAt: posts.createdAt })
      .from(posts)
      .where(publicCondition(posts.status))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(40),
  ),

  create: editorProcedure
    .meta({ changesPublicContent: false })
    .input(createNewsletterInput)
    .mutation(async ({ ctx, input }) => {
      const fields = normalized(input);
      checkWords(ctx, fields);
      return ctx.db.transaction(async (tx) => {
        await checkItems(ctx, tx, fields.itemIds);
        const at = now(ctx);
        const [created] = await tx
          .insert(newsletters)
          .values({ ...columnsOf(fields), createdBy: ctx.user.id, createdAt: at, updatedAt: at })
          .returning({ id: newsletters.id });
        return { id: created!.id };
      });
    }),

  /** Drafts only: an edition being sent, or sent, is what its readers received. */
  update: editorProcedure
    .meta({ changesPublicContent: false })
    .input(updateNewsletterInput)
    .mutation(async ({ ctx, input }) =>
      ctx.db.transaction(async (tx) => {
        const [row] = await tx.select().from(newsletters).where(eq(newsletters.id, input.id));
        if (!row) throw notFound(ctx);
        if (row.state !== 'draft') throw new TRPCError({ code: 'CONFLICT', message: message(ctx.lang, 'newsletterNotDraft') });
        const fields = normalized({
          subjectEn: input.subjectEn ?? row.subjectEn,
          subjectFa: input.subjectFa ?? row.subjectFa,
          bodyEn: input.bodyEn !== undefined ? input.bodyEn : storedDocument(row.bodyEn),
          bodyFa: input.bodyFa !== undefined ? input.bodyFa : storedDocument(row.bodyFa),
          itemIds: input.itemIds ?? storedItemIds(row.itemIds),
        });
        checkWords(ctx, fields);
        await checkItems(ctx, tx, fields.itemIds);
        await tx
          .update(newsletters)
          .set({ ...columnsOf(fields), updatedAt: now(ctx) })
          .where(eq(newsletters.id, input.id));
        return { id: input.id };
      }),
    ),

  /** Drafts and sent editions; one being sent is paused and finished first. */
  delete: editorProcedure
    .meta({ changesPublicContent: false })
    .input(byIdInput)
    .mutation(async ({ ctx, input }) =>
      ctx.db.transaction(async (tx) => {
        const [row] = await tx.select({ state: newsletters.state }).from(newsletters).where(eq(newsletters.id, input.id));
        if (!row) throw notFound(ctx);
        if (row.state === 'sending' || row.state === 'paused') throw new TRPCError({ code: 'CONFLICT', message: message(ctx.lang, 'newsletterNotDraft') });
        await tx.delete(newsletters).where(eq(newsletters.id, input.id));
        return { id: input.id };
      }),
    ),

  /** The mail one language's readers would receive, with a link in place of their own unsubscribe link. */
  preview: editorProcedure.input(previewNewsletterInput).query(async ({ ctx, input }) => {
    const [row] = await ctx.db.select({ startedAt: newsletters.startedAt }).from(newsletters).where(eq(newsletters.id, input.id));
    if (!row) throw notFound(ctx);
    const content = await editionContentOf(ctx.db, input.id);
    const origin = siteOrigin(ctx.env);
    return {
      languages: editionLanguages(content),
      ...renderEdition(content, input.language, origin, `${origin}${unsubscribePath(NO_READER, input.language)}`, row.startedAt ?? now(ctx)),
    };
  }),

  /** Sends each written language's mail to one address now, outside the queue (the address is not kept). */
  sendTest: editorProcedure
    .meta({ changesPublicContent: false, auditLabel: false })
    .input(testNewsletterInput)
    .mutation(async ({ ctx, input }) => {
      const transport = ctx.mail.transport;
      if (!transport) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: message(ctx.lang, 'mailNotConfigured') });
      const [row] = await ctx.db.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.id, input.id));
      if (!row) throw notFound(ctx);
      const content = await editionContentOf(ctx.db, input.id);
      const written = editionLanguages(content);
      if (!written.length) throw new TRPCError({ code: 'BAD_REQUEST', message: message(ctx.lang, 'newsletterNeedsLanguage') });
      const origin = siteOrigin(ctx.env);
      for (const language of written) {
        const rendered = renderEdition(content, language, origin, `${origin}${unsubscribePath(NO_READER, language)}`, now(ctx));
        try {
          await transport.send({ to: input.email, language, ...rendered, subject: `[TEST] ${rendered.subject}` });
        } catch (error) {
          throw new TRPCError({ code: 'BAD_GATEWAY', message: `${message(ctx.lang, 'mailTestFailed')} ${(error as Error).message}` });
        }
      }
      return { sent: written };
    }),

  /**
   * Queues the edition for every confirmed reader of a language it is written in, one row each, and
   * starts sending. Readers who confirm later do not receive this edition.
   */
  send: editorProcedure
    .meta({ changesPublicContent: false })
    .input(byIdInput)
    .mutation(async ({ ctx, input }) => {
      if (!ctx.mail.configured) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: message(ctx.lang, 'mailNotConfigured') });
      const at = now(ctx);
      await ctx.db.transaction(async (tx) => {
        const [row] = await tx.select().from(newsletters).where(eq(newsletters.id, input.id));
        if (!row) throw notFound(ctx);
        if (row.state !== 'draft') throw new TRPCError({ code: 'CONFLICT', message: message(ctx.lang, 'newsletterNotDraft') });
        const written = editionLanguages({
          subjectEn: row.subjectEn,
          subjectFa: row.subjectFa,
          bodyEn: storedDocument(row.bodyEn),
          bodyFa: storedDocument(row.bodyFa),
        });
        if (!written.length) throw new TRPCError({ code: 'BAD_REQUEST', message: message(ctx.lang, 'newsletterNeedsLanguage') });
        const [claimed] = await tx
          .update(newsletters)
          .set({ state: 'sending', startedAt: at, updatedAt: at })
          .where(and(eq(newsletters.id, input.id), eq(newsletters.state, 'draft')))
          .returning({ id: newsletters.id });
        if (!claimed) throw new TRPCError({ code: 'CONFLICT', message: message(ctx.lang, 'newsletterNotDraft') });
        await execute(
          tx,
          sql`INSERT INTO newsletter_deliveries (newsletter_id, subscriber_id, language, state, attempts, next_at)
              SELECT CAST(${input.id} AS integer), id, language, 'queued', 0, CAST(${at.getTime()} AS bigint) FROM newsletter_subscribers
              WHERE state = 'confirmed' AND email IS NOT NULL AND language IN (${sql.join(
                written.map((language) => sql`${language}`),
                sql`, `,
              )})`,
        );
        const [queued] = await tx.select({ value: count() }).from(newsletterDeliveries).where(eq(newsletterDeliveries.newsletterId, input.id));
        await tx
          .update(newsletters)
          .set({ recipients: Number(queued?.value ?? 0) })
          .where(eq(newsletters.id, input.id));
        if (!Number(queued?.value ?? 0)) await tx.update(newsletters).set({ state: 'sent', finishedAt: at }).where(eq(newsletters.id, input.id));
      });
      ctx.mail.kick();
      return (await progressOf(ctx.db, input.id))!;
    }),

  /** Mail in flight finishes; nothing more leaves until resumed. */
  pause: editorProcedure
    .meta({ changesPublicContent: false })
    .input(byIdInput)
    .mutation(({ ctx, input }) => changeState(ctx, input.id, ['sending'], 'paused', 'newsletterNotSending')),

  resume: editorProcedure
    .meta({ changesPublicContent: false })
    .input(byIdInput)
    .mutation(({ ctx, input }) => changeState(ctx, input.id, ['paused'], 'sending', 'newsletterNotPaused')),
});

/** A body that says nothing (an editor emptied leaves one empty paragraph) is no body: that language is not written. */
function normalized(input: Fields) {
  return {
    subjectEn: input.subjectEn ?? '',
    subjectFa: input.subjectFa ?? '',
    bodyEn: input.bodyEn && hasContent(input.bodyEn) ? input.bodyEn : null,
    bodyFa: input.bodyFa && hasContent(input.bodyFa) ? input.bodyFa : null,
    itemIds: [...new Set(input.itemIds ?? [])],
  };
}

function columnsOf(fields: ReturnType<typeof normalized>) {
  return {
    subjectEn: fields.subjectEn,
    subjectFa: fields.subjectFa,
    bodyEn: documentColumn(fields.bodyEn),
    bodyFa: documentColumn(fields.bodyFa),
    itemIds: JSON.stringify(fields.itemIds),
  };
}
