import { count, desc } from 'drizzle-orm';
import { pageInput } from '../../shared/schemas/common.ts';
import { auditLog } from '../db/schema.ts';
import { adminProcedure, router } from '../trpc/procedures.ts';
import { pageWindow, type Page } from './helpers.ts';

export interface AuditRow {
  id: number;
  at: Date;
  userId: number | null;
  userEmail: string | null;
  action: string;
  targetId: number | null;
  summary: string | null;
  /** More than 1 only for failed sign-ins, counted per account per hour. */
  attempts: number;
}

/** Read-only on purpose: the trail cannot be edited or deleted from the panel. */
export const auditRouter = router({
  list: adminProcedure.input(pageInput.extend({ pageSize: pageInput.shape.pageSize.default(50) })).query(async ({ ctx, input }): Promise<Page<AuditRow>> => {
    const { limit, offset } = pageWindow(input);
    const items = await ctx.db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        userId: auditLog.userId,
        userEmail: auditLog.userEmail,
        action: auditLog.action,
        targetId: auditLog.targetId,
        summary: auditLog.summary,
        attempts: auditLog.attempts,
      })
      .from(auditLog)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit)
      .offset(offset);
    const [counted] = await ctx.db.select({ value: count() }).from(auditLog);
    return { items, total: counted?.value ?? 0, page: input.page, pageSize: input.pageSize };
  }),
});
