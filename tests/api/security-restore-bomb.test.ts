import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tarballOf, writeGzipBomb, type BombShape } from '../factories/archives.ts';
import { makeContent } from '../factories/index.ts';
import { measuredRestore, type MeasuredRestore } from '../setup/measured-restore.ts';
import { archivesDir, diskState } from '../setup/restore-target.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { folderOf } from '../setup/stored.ts';

const GB = 1024 ** 3;
let deps: TestDeps;
let before: ReturnType<typeof diskState>;
/** The restoring process refusing a tiny archive at once: what starting it costs. */
let baseline: MeasuredRestore;
const target = () => ({ dbFile: deps.env.DATABASE_URL, storageDir: folderOf(deps.storage).root });

beforeAll(async () => {
  deps = createTestDeps();
  await makeContent(deps, 'news');
  await deps.db.close();
  before = diskState(deps);
  baseline = await measuredRestore(await tarballOf(archivesDir(deps), { 'notes.txt': 'not a backup' }), target());
  expect(baseline.refusal).toMatch(/not a backup/);
}, 60_000);
afterAll(() => deps.cleanup());

describe('a gzip bomb given to restore', () => {
  const shapes: [string, BombShape, RegExp][] = [
    ['in its database', 'database', /expands more than \d+ times its compressed size/],
    ['after the archive’s end', 'after the end', /holds data after its end/],
  ];
  it.each(shapes)(
    'is refused within the first megabytes when a gigabyte hides %s: in under 3 s, with memory bounded, nothing on disk changed',
    async (_where, shape, why) => {
      const bomb = path.join(archivesDir(deps), `bomb-${shape.replace(/ /g, '-')}.tar.gz`);
      const { compressedBytes } = writeGzipBomb(bomb, GB, shape);
      expect(compressedBytes).toBeLessThan(1.2 * 1024 * 1024);

      const measured = await measuredRestore(bomb, target());
      expect(measured.refusal).toMatch(why);
      expect(measured.ms).toBeLessThan(3000);
      // Before: the whole gigabyte passed through memory (about 1.1 GB at peak) and took 6 s or more.
      expect(measured.peakMb - baseline.peakMb).toBeLessThan(64);
      expect(diskState(deps)).toEqual(before);
    },
    120_000,
  );
});
