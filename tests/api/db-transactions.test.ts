import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, siteState } from '../../src/server/db/schema.ts';
import { preparedRead } from '../../src/server/db/prepared-reads.ts';
import { afterCommit } from '../../src/server/db/transaction-scope.ts';
import { createTestDeps, testDialect, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

const message = (text: string) => ({ name: 'Reader', email: 'reader@example.org', message: text });
const messagesSaying = async (text: string) =>
  (await deps.db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.message, text))).length;
const tick = () => new Promise((resolve) => setTimeout(resolve, 15));

/** A transaction that writes, then waits for the test to let it end (commit, or throw to roll back). */
function heldOpen(text: string) {
  let release!: (outcome: 'commit' | 'rollback') => void;
  const decided = new Promise<'commit' | 'rollback'>((resolve) => (release = resolve));
  let wrote!: (seenInside: number) => void;
  /** What the transaction itself reads of its row, once it has written it (on a busy machine that may take a while). */
  const written = new Promise<number>((resolve) => (wrote = resolve));
  const done = deps.db.transaction(async (tx) => {
    await tx.insert(contactMessages).values(message(text));
    wrote(await messagesSaying(text));
    if ((await decided) === 'rollback') throw new Error('rolled back on purpose');
  });
  return { release, done, written };
}

describe(`transactions on ${testDialect}`, () => {
  it('keeps an open transaction invisible to other work and lets no other write into it', async () => {
    const open = heldOpen('uncommitted-marker');
    expect(await open.written).toBe(1);
    // Another request reads while the transaction is open: it sees nothing of it.
    expect(await messagesSaying('uncommitted-marker')).toBe(0);
    // Another request writes meanwhile; on SQLite it waits its turn, on PostgreSQL it runs beside.
    const other = deps.db.transaction((tx) => tx.insert(contactMessages).values(message('independent-write')).returning({ id: contactMessages.id }));
    await tick();
    open.release('rollback');
    await expect(open.done).rejects.toThrow('rolled back on purpose');
    const [written] = await other;
    expect(written!.id).toBeGreaterThan(0);
    // The rollback took its own row and nothing of the other write.
    expect(await messagesSaying('uncommitted-marker')).toBe(0);
    expect(await messagesSaying('independent-write')).toBe(1);
  });

  it('shows a transaction to everyone once it commits', async () => {
    const open = heldOpen('committed-marker');
    expect(await open.written).toBe(1);
    expect(await messagesSaying('committed-marker')).toBe(0);
    open.release('commit');
    await open.done;
    expect(await messagesSaying('committed-marker')).toBe(1);
  });

  it('lets a helper called inside a transaction through the plain handle see and join it', async () => {
    await expect(
      deps.db.transaction(async (tx) => {
        await tx.insert(contactMessages).values(message('joined-marker'));
        // A helper that only holds `db` reads the caller's uncommitted row and writes into its transaction.
        expect(await messagesSaying('joined-marker')).toBe(1);
        await deps.db.transaction((inner) => inner.insert(contactMessages).values(message('joined-marker')));
        throw new Error('undo both');
      }),
    ).rejects.toThrow('undo both');
    expect(await messagesSaying('joined-marker')).toBe(0);
  });

  it('runs after-commit steps only when the transaction commits', async () => {
    const ran: string[] = [];
    await deps.db.transaction(async (tx) => {
      await tx.insert(contactMessages).values(message('a'));
      await afterCommit(() => {
        ran.push('committed');
      });
      expect(ran).toEqual([]);
    });
    await expect(
      deps.db.transaction(async (tx) => {
        await tx.insert(contactMessages).values(message('b'));
        await afterCommit(() => {
          ran.push('rolled back');
        });
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(ran).toEqual(['committed']);
  });

  it('loses no update when concurrent transactions read and then write the same row', async () => {
    await deps.db.transaction((tx) => tx.insert(siteState).values({ key: 'counter', value: 0 }));
    const increment = () =>
      deps.db.transaction(async (tx) => {
        const [row] = await tx.select({ value: siteState.value }).from(siteState).where(eq(siteState.key, 'counter')).limit(1);
        await tick();
        await tx
          .update(siteState)
          .set({ value: row!.value + 1 })
          .where(eq(siteState.key, 'counter'));
      });
    await Promise.all(Array.from({ length: 6 }, increment));
    const [row] = await deps.db.select({ value: siteState.value }).from(siteState).where(eq(siteState.key, 'counter')).limit(1);
    expect(row!.value).toBe(6);
  });

  it('refuses a write outside a transaction on SQLite, where it could slip into another', async () => {
    const write = deps.db.insert(contactMessages).values(message('stray'));
    if (testDialect === 'sqlite') await expect(write).rejects.toThrow(/readonly|read-only|query_only/i);
    else await write;
  });

  it('answers a read prepared once from the last commit outside a transaction, and from the transaction inside it', async () => {
    const readSaying = preparedRead<{ text: string }>()((db, value) =>
      db
        .select({ message: contactMessages.message })
        .from(contactMessages)
        .where(eq(contactMessages.message, value('text'))),
    );
    expect(await readSaying(deps.db, { text: 'first' })).toEqual([]);
    await deps.db.transaction((tx) => tx.insert(contactMessages).values([message('first'), message('second')]));
    // The same statement, other values: each read binds its own.
    expect(await readSaying(deps.db, { text: 'first' })).toEqual([{ message: 'first' }]);
    expect(await readSaying(deps.db, { text: 'second' })).toEqual([{ message: 'second' }]);
    let release!: () => void;
    const decided = new Promise<void>((resolve) => (release = resolve));
    let seenInside!: (rows: unknown[][]) => void;
    const inside = new Promise<unknown[][]>((resolve) => (seenInside = resolve));
    const done = deps.db.transaction(async (tx) => {
      await tx.insert(contactMessages).values(message('third'));
      seenInside([await readSaying(tx, { text: 'third' }), await readSaying(deps.db, { text: 'third' })]);
      await decided;
    });
    expect(await inside).toEqual([[{ message: 'third' }], [{ message: 'third' }]]);
    expect(await readSaying(deps.db, { text: 'third' })).toEqual([]);
    release();
    await done;
    expect(await readSaying(deps.db, { text: 'third' })).toEqual([{ message: 'third' }]);
  });
});
