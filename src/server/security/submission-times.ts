import { eq, getTableName } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { eraseDeleted } from '../db/erase.ts';
import { contactMessages, newsletterSubscribers, stories, uploads } from '../db/schema.ts';
import type { Env } from '../env.ts';

export type SubmissionTimePrecision = Env['SUBMISSION_TIME_PRECISION'];

const unitMs: Record<SubmissionTimePrecision, number> = { day: 86_400_000, hour: 3_600_000 };

/** The coarsest unit a kept time may be: code that measures an age from a kept time adds it (a day). */
export const COARSEST_TIME_UNIT_MS = unitMs.day;

/** A moment as precisely as visitors' arrivals are kept: the start of its UTC day, or of its hour. */
export function coarseTime(precision: SubmissionTimePrecision, at: Date | number = Date.now()): Date {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms - (((ms % unitMs[precision]) + unitMs[precision]) % unitMs[precision]));
}

/**
 * When something a visitor sent arrived, as it is stored: never to the millisecond (SECURITY.md,
 * "Exact times"). Every write of a visitor's story, message, subscription or upload takes its
 * time from here; lists order by it and then by id, so arrivals within one day keep their order.
 */
export function arrivalTime(env: Pick<Env, 'SUBMISSION_TIME_PRECISION'>, at: Date | number = Date.now()): Date {
  return coarseTime(env.SUBMISSION_TIME_PRECISION, at);
}

/**
 * The same rule for rows an earlier version stored to the millisecond (or a finer setting did): run
 * at start; a database already coarse costs one read of the columns. Written with the query
 * builder and plain arithmetic in JavaScript, so it holds on either database. The exact times
 * overwritten leave the write-ahead log at once. Answers how many rows changed.
 */
export async function coarsenStoredSubmissionTimes(db: Db, precision: SubmissionTimePrecision): Promise<number> {
  const coarse = (date: Date | null) => (date ? coarseTime(precision, date) : null);
  const changed = (before: Date | null, after: Date | null) => (before?.getTime() ?? null) !== (after?.getTime() ?? null);
  const count = await db.transaction(async (tx) => {
    let count = 0;
    for (const table of [stories, contactMessages, newsletterSubscribers]) {
      for (const row of await tx.select({ id: table.id, createdAt: table.createdAt, updatedAt: table.updatedAt }).from(table)) {
        const createdAt = coarse(row.createdAt)!;
        // An editor's later change (a status) keeps its own time; a time still equal to the arrival is the arrival.
        const updatedAt = row.updatedAt.getTime() === row.createdAt.getTime() ? createdAt : row.updatedAt;
        if (!changed(row.createdAt, createdAt) && !changed(row.updatedAt, updatedAt)) continue;
        await tx.update(table).set({ createdAt, updatedAt }).where(eq(table.id, row.id));
        count += 1;
      }
    }
    // A picture of the library keeps the time it entered it, as an editor's item keeps its times (docs/decisions/035).
    for (const row of await tx
      .select({ id: uploads.id, createdAt: uploads.createdAt, attachedAt: uploads.attachedAt })
      .from(uploads)
      .where(eq(uploads.inLibrary, 0))) {
      const createdAt = coarse(row.createdAt)!;
      const attachedAt = coarse(row.attachedAt);
      if (!changed(row.createdAt, createdAt) && !changed(row.attachedAt, attachedAt)) continue;
      await tx.update(uploads).set({ createdAt, attachedAt }).where(eq(uploads.id, row.id));
      count += 1;
    }
    return count;
  });
  if (count)
    await eraseDeleted(
      db,
      [stories, contactMessages, newsletterSubscribers, uploads].map((table) => getTableName(table)),
    );
  return count;
}
