import { count, desc, eq } from 'drizzle-orm';
import { message } from '../../shared/messages.ts';
import { byIdInput, pageInput } from '../../shared/schemas/common.ts';
import { subscribeInput } from '../../shared/schemas/newsletter.ts';
import { newsletterSubscribers } from '../db/schema.ts';
import { eraseDeleted, tablesNamed } from '../db/erase.ts';
import { arrivalTime } from '../security/submission-times.ts';
import { editorProcedure, publicWriteProcedure, router } from '../trpc/procedures.ts';
import { notFound, pageWindow, type Page } from './helpers.ts';

export interface Subscriber {
  id: number;
  email: string;
  createdAt: Date;
}

const columns = { id: newsletterSubscribers.id, email: newsletterSubscribers.email, createdAt: newsletterSubscribers.createdAt };

/** Quotes a CSV cell, and defuses cells a spreadsheet would run as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const newsletterRouter = router({
  /** Idempotent, and the same answer whether or not the address was already there: it reveals no list membership. */
  subscribe: publicWriteProcedure
    .meta({ changesPublicContent: false })
    .input(subscribeInput)
    .mutation(async ({ ctx, input }) => {
      const arrived = arrivalTime(ctx.env);
      await ctx.db.transaction(async (tx) => {
        await tx.insert(newsletterSubscribers).values({ email: input.email, createdAt: arrived, updatedAt: arrived }).onConflictDoNothing();
      });
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
    const lines = ['email,subscribed_at', ...rows.map((row) => `${csvCell(row.email)},${row.createdAt.toISOString()}`)];
    return { filename: `subscribers-${new Date().toISOString().slice(0, 10)}.csv`, csv: `${lines.join('\r\n')}\r\n` };
  }),
});
