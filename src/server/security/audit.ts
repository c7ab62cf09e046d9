import { and, eq, getTableName, isNotNull, like, or } from 'drizzle-orm';
import type { Db, DbLike } from '../db/client.ts';
import { eraseDeleted } from '../db/erase.ts';
import { auditLog } from '../db/schema.ts';

interface AuditEntry {
  userId: number | null;
  userEmail: string | null;
  action: string;
  targetId?: number | null;
  summary?: string | null;
}

/** Writes one entry: in the caller's transaction when given one (or called inside one), else in its own. */
export async function recordAudit(db: DbLike, entry: AuditEntry, at = new Date()): Promise<void> {
  await db.transaction((tx) =>
    tx
      .insert(auditLog)
      .values({
        at,
        userId: entry.userId,
        userEmail: entry.userEmail?.slice(0, 254) ?? null,
        action: entry.action,
        targetId: entry.targetId ?? null,
        summary: entry.summary?.slice(0, 200) ?? null,
      }),
  );
}

function field(value: unknown, name: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
}

/** The id and a short human label of what a mutation touched, from its input or its result. */
export function describeTarget(input: unknown, result: unknown): { targetId: number | null; summary: string | null } {
  const id = field(input, 'id') ?? field(result, 'id');
  const label = ['titleEn', 'title', 'name', 'email', 'status'].map((name) => field(result, name) ?? field(input, name)).find((v) => typeof v === 'string');
  return { targetId: typeof id === 'number' ? id : null, summary: typeof label === 'string' ? label : null };
}

/**
 * After an editor deleted an item (`<router>.delete`), the activity log forgets the labels (title,
 * name) its earlier entries gave it, so the item's words leave the files with it; the entries keep
 * what was done to which id, and by whom. A restored revision names its item by id alone (the
 * `revisions.` entries), so those lose their label too whatever the kind: a label at most, never an entry.
 */
export async function forgetDeletedItemLabels(db: Db, action: string, targetId: number | null): Promise<void> {
  const namespace = action.endsWith('.delete') ? action.slice(0, -'.delete'.length) : null;
  if (!namespace || targetId === null) return;
  const forgotten = await db.transaction((tx) =>
    tx
      .update(auditLog)
      .set({ summary: null })
      .where(
        and(eq(auditLog.targetId, targetId), isNotNull(auditLog.summary), or(like(auditLog.action, `${namespace}.%`), like(auditLog.action, 'revisions.%'))),
      )
      .returning({ id: auditLog.id }),
  );
  // An overwritten label is not a deleted row: its old page is erased from the log here.
  if (forgotten.length) await eraseDeleted(db, [getTableName(auditLog)]);
}
