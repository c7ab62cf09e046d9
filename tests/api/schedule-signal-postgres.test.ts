import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { posts } from '../../src/server/db/schema.ts';
import { announceScheduleChange } from '../../src/server/publication/schedule-signal-postgres.ts';
import { PublicationTimer } from '../../src/server/publication/scheduler.ts';
import { makeContent } from '../factories/index.ts';
import { TestClock } from '../setup/test-clock.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

/**
 * Two publication timers on one PostgreSQL database, as two nodes have: each sets its timer for what
 * the other scheduled, and neither looks again at its own announcement. Runs in the PostgreSQL
 * project only.
 */
const hour = 3_600_000;
let site: TestDeps;
const stops: (() => void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await site.cleanup();
});

/** A clock that remembers every timer set on it, by when it falls due. */
class WatchedClock extends TestClock {
  readonly set: number[] = [];
  override setTimer(ms: number, run: () => void): () => void {
    this.set.push(this.now().getTime() + ms);
    return super.setTimer(ms, run);
  }
}

/** A node's timer on the site's database, with a clock of its own; resolves once it has looked. */
async function startTimer(timer = new PublicationTimer()) {
  const clock = new WatchedClock();
  const deps = { ...site, clock, publication: timer };
  clock.waitsFor(() => timer.settled());
  stops.push(timer.start(deps));
  await timer.settled();
  return { timer, clock, deps };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 3_000) throw new Error(`Never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the schedule signal between nodes on PostgreSQL', () => {
  it('is listened for before a started timer counts as settled, so no look comes after', async () => {
    site = createTestDeps();
    const { clock } = await startTimer(site.publication);
    const looks = clock.set.length;
    expect(looks).toBeGreaterThan(0);
    await pause(300);
    expect(clock.set.length).toBe(looks);
  });

  it('sets a node’s timer for an item another node scheduled, which then publishes it at its time', async () => {
    site = createTestDeps();
    const a = await startTimer(site.publication);
    const b = await startTimer();
    const publishAt = a.clock.now().getTime() + hour;
    const item = await makeContent(a.deps, 'news', { status: 'scheduled', publishAt: new Date(publishAt) });
    await until(() => b.clock.set.includes(publishAt), 'node b set its timer for the item');
    stops.shift()!(); // node a is gone: only b can publish it
    await b.clock.advance(hour);
    const [row] = await site.db.select({ status: posts.status }).from(posts).where(eq(posts.id, item.id));
    expect(row!.status).toBe('published');
  });

  it('leaves the announcing node’s timer alone, which looked already, and looks at every other node’s announcement', async () => {
    site = createTestDeps();
    const { timer, clock } = await startTimer(site.publication);
    const looks = clock.set.length;
    await announceScheduleChange(site.db, timer.id);
    await pause(300);
    await timer.settled();
    expect(clock.set.length).toBe(looks);
    await announceScheduleChange(site.db, 'another node');
    await until(() => clock.set.length === looks + 1, 'the timer looked again');
  });
});
