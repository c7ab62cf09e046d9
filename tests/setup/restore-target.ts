import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { BackupError, createBackup, restoreBackup, type RestoreLimits } from '../../src/server/backup/archive.ts';
import { packFolder, unpackArchive } from '../factories/archives.ts';
import { allFilesUnder } from './db-snapshot.ts';
import { createTestDeps, type TestDeps } from './test-db.ts';
import { folderOf } from './stored.ts';

const hashOf = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The folder of a test's archives, inside its site's folder. */
export function archivesDir(deps: TestDeps): string {
  const dir = path.join(deps.dir, 'archives');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Everything a refused restore must leave as it was: the database file's bytes, every file under
 * the storage folder with its bytes, and the names beside them (no kept copy, no work folder left).
 * Archives the test writes go under `archives/`, which is left out.
 */
export function diskState(deps: TestDeps) {
  const files = Object.fromEntries(allFilesUnder(folderOf(deps.storage).root).map((file) => [file, hashOf(path.join(folderOf(deps.storage).root, file))]));
  const beside = fs
    .readdirSync(deps.dir)
    .filter((name) => name !== 'archives')
    .sort();
  return { database: hashOf(deps.env.DATABASE_URL), files, beside };
}

export interface RestoreTarget {
  deps: TestDeps;
  /** The site's genuine backup, unpacked. */
  pristine: string;
  /** The genuine backup with `change` applied to a copy of its unpacked folder, packed again (in the site's order unless `entries` says otherwise). */
  changedArchive(change: (folder: string) => void | Promise<void>, entries?: string[]): Promise<string>;
  restore(archive: string, limits?: Partial<RestoreLimits>): ReturnType<typeof restoreBackup>;
  /** Restores and expects a BackupError saying `why`, with the disk left as it was. */
  expectRefused(archive: string, why: RegExp, limits?: Partial<RestoreLimits>): Promise<void>;
}

/**
 * A site filled by `fill`, backed up once, then stopped (a restore asks for that), for a file of
 * tests that restore doctored copies of its backup onto it.
 */
export function restoreTargetForAllTests(fill: (deps: TestDeps) => Promise<void>): RestoreTarget {
  let before: ReturnType<typeof diskState>;
  let copies = 0;
  const target = {} as RestoreTarget;
  beforeAll(async () => {
    const deps = createTestDeps();
    await fill(deps);
    const genuine = path.join(archivesDir(deps), 'genuine.tar.gz');
    await createBackup({ db: deps.db, storage: deps.storage }, genuine);
    await deps.db.close();
    Object.assign(target, { deps, pristine: await unpackArchive(genuine) });
    before = diskState(deps);
  });
  afterAll(() => target.deps.cleanup());

  target.changedArchive = async (change, entries) => {
    const folder = path.join(archivesDir(target.deps), `changed-${++copies}`);
    fs.cpSync(target.pristine, folder, { recursive: true });
    await change(folder);
    return packFolder(folder, `${folder}.tar.gz`, entries);
  };
  target.restore = (archive, limits) =>
    restoreBackup(archive, { dbFile: target.deps.env.DATABASE_URL, storageDir: folderOf(target.deps.storage).root }, limits);
  target.expectRefused = async (archive, why, limits) => {
    const refusal = await target.restore(archive, limits).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(BackupError);
    expect((refusal as Error).message).toMatch(why);
    expect(diskState(target.deps)).toEqual(before);
  };
  return target;
}
