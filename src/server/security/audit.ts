import type { DbLike } from '../db/client.ts';
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
      .values({ at, userId: entry.userId, userEmail: entry.userEmail?.slice(0, 254) ?? null, action: entry.action, targetId: entry.targetId ?? null, summary: entry.summary?.slice(0, 200) ?? null }),
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
