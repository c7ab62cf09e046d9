import { count, desc, eq } from 'drizzle-orm';
import { pageInput } from '../../shared/schemas/common.ts';
import { isScheduledPublication } from '../../shared/audit-actions.ts';
import { auditLog, users } from '../db/schema.ts';
import { adminProcedure, router } from '../trpc/procedures.ts';
import { pageWindow, type Page } from './helpers.ts';

export interface AuditRow {
  id: number;
  at: Date;
  userId: number | null;
  userEmail: string | null;
  /** The account's name as it is now; null once the account is deleted (the log then shows the e-mail it recorded). */
  userName: string | null;
  /** Done by the scheduler, not by a person: a scheduled item's time came. */
  byScheduler: boolean;
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
    const rows = await ctx.db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        userId: auditLog.userId,
        userEmail: auditLog.userEmail,
        userName: users.name,
        action: auditLog.action,
        targetId: auditLog.targetId,
        summary: auditLog.summary,
        attempts: auditLog.attempts,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit)
      .offset(offset);
    // Older entries of the scheduler carry a fixed English sentence as their label: not shown.
    const items = rows.map((row) => {
      const byScheduler = row.userId === null && isScheduledPublication(row.action);
      return { ...row, byScheduler, summary: byScheduler ? null : row.summary };
    });
    const [counted] = await ctx.db.select({ value: count() }).from(auditLog);
    return { items, total: counted?.value ?? 0, page: input.page, pageSize: input.pageSize };
  }),
});
