import { count, desc, eq } from 'drizzle-orm';
import { message } from '../../shared/messages.ts';
import { byIdInput, pageInput } from '../../shared/schemas/common.ts';
import { subscribeInput } from '../../shared/schemas/newsletter.ts';
import { newsletterSubscribers } from '../db/schema.ts';
import { eraseDeleted, tablesNamed } from '../db/erase.ts';
import { arrivalTime } from '../security/submission-times.ts';
import { subscribe } from '../mail/subscriptions.ts';
import type { Language } from '../../shared/locale.ts';
import { editorProcedure, publicWriteProcedure, router } from '../trpc/procedures.ts';
import { notFound, pageWindow, type Page } from './helpers.ts';

export interface Subscriber {
  id: number;
  /** Null once unsubscribed: the address was erased, the row only counts. */
  email: string | null;
  state: 'pending' | 'confirmed' | 'unsubscribed' | 'bounced';
  language: Language;
  createdAt: Date;
}

const columns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  state: newsletterSubscribers.state,
  language: newsletterSubscribers.language,
  createdAt: newsletterSubscribers.createdAt,
};

/** Quotes a CSV cell, and defuses cells a spreadsheet would run as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const newsletterRouter = router({
  /**
   * Double opt-in (decision 036): a confirmation mail in the request's language is queued, at most
   * one a day per address, and sent off the request by the mail queue, so the answer is the same,
   * word for word and in its timing, whether or not the address was already there.
   */
  subscribe: publicWriteProcedure
    .meta({ changesPublicContent: false })
    .input(subscribeInput)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.clock ? ctx.clock.now().getTime() : Date.now();
      const queued = await subscribe(ctx.db, input.email, ctx.lang, now, arrivalTime(ctx.env));
      if (queued) ctx.mail.kick();
      return { success: true as const, message: message(ctx.lang, 'subscribed') };
    }),

  list: editorProcedure.input(pageInput).query(async ({ ctx, input }): Promise<Page<Subscriber>> => {
    const { limit, offset } = pageWindow(input);
    const items = await ctx.db
      .select(columns)
      .from(newsletterSubscribers)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(limit)
      .offset(offset);
    const [counted] = await ctx.db.select({ value: count() }).from(newsletterSubscribers);
    return { items, total: counted?.value ?? 0, page: input.page, pageSize: input.pageSize };
  }),

  delete: editorProcedure
    .meta({ changesPublicContent: false, auditLabel: false })
    .input(byIdInput)
    .mutation(async ({ ctx, input }) => {
      const [removed] = await ctx.db.transaction(async (tx) =>
        tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, input.id)).returning({ id: newsletterSubscribers.id }),
      );
      if (!removed) throw notFound(ctx);
      await eraseDeleted(ctx.db, tablesNamed([newsletterSubscribers]));
      return { id: removed.id };
    }),

  exportCsv: editorProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db.select(columns).from(newsletterSubscribers).orderBy(newsletterSubscribers.createdAt, newsletterSubscribers.id);
    const lines = [
      'email,subscribed_at,state,language',
      ...rows.flatMap((row) => (row.email ? [`${csvCell(row.email)},${row.createdAt.toISOString()},${row.state},${row.language}`] : [])),
    ];
    return { filename: `subscribers-${new Date().toISOString().slice(0, 10)}.csv`, csv: `${lines.join('\r\n')}\r\n` };
  }),
});
