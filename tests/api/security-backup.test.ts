import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupError, createBackup, restoreBackup } from '../../src/server/backup/archive.ts';
import { openDatabase, sqliteOf, type Db } from '../../src/server/db/client.ts';
import { storedName, tarballOf } from '../factories/archives.ts';
import { htmlPage, svgWithScript } from '../factories/hostile-files.ts';
import { damage, fillSite, siteState, storedFiles } from '../setup/backup-site.ts';
import { repoRoot } from '../setup/paths.ts';
import { sqliteCheckpoint } from '../setup/sqlite-file.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { folderOf } from '../setup/stored.ts';

const run = promisify(execFile);
let deps: TestDeps | undefined;
/** Databases a test opened again after a restore; closed after it, with the site's own. */
let reopened: Db[] = [];
afterEach(async () => {
  for (const db of reopened) await db.close();
  reopened = [];
  await deps?.cleanup();
  deps = undefined;
});

/** The restored file, opened as the restarted site would open it. */
function reopen(d: TestDeps): Db {
  const db = openDatabase(d.env.DATABASE_URL);
  reopened.push(db);
  d.db = db;
  return db;
}

const hashOf = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** A site with an item of every kind, files and variants included, its log folded into the file. */
async function filledSite() {
  deps = createTestDeps();
  const made = await fillSite(deps);
  await sqliteCheckpoint(deps);
  return { deps, ...made };
}

describe('backup and restore', () => {
  it('bring back every row and every file byte for byte with createBackup and restoreBackup', async () => {
    const { deps, admin, news } = await filledSite();
    const before = await siteState(deps);
    expect(Object.keys(before.files).filter((f) => f.startsWith('videos/'))).toHaveLength(1);
    expect(Object.keys(before.files).length).toBeGreaterThan(40);
    const archive = path.join(deps.dir, 'backups', 'site.tar.gz');
    await createBackup({ db: deps.db, storage: deps.storage }, archive);

    await damage(
      deps,
      admin,
      news.id,
      Object.keys(before.files).find((f) => f.startsWith('videos/'))!,
    );
    expect(await siteState(deps)).not.toEqual(before);
    await deps.db.close();
    const kept = await restoreBackup(archive, { dbFile: deps.env.DATABASE_URL, storageDir: folderOf(deps.storage).root });
    expect(kept.keptDb).toMatch(/\.before-restore-/);
    expect(kept.keptStorage).toMatch(/\.before-restore-/);

    const restored = reopen(deps);
    expect(sqliteOf(restored).reader.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(await siteState(deps)).toEqual(before);
  });

  // Two command-line runs, each starting Node on the TypeScript sources: slow on a busy machine.
  it('do the same through npm run backup and npm run restore', async () => {
    const { deps, admin, news } = await filledSite();
    const before = await siteState(deps);
    const archive = path.join(deps.dir, 'cli-backup.tar.gz');
    const env = {
      ...process.env,
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      DATABASE_URL: deps.env.DATABASE_URL,
      STORAGE_DIR: folderOf(deps.storage).root,
    };
    const backup = await run('npm', ['run', '--silent', 'backup', '--', archive], { cwd: repoRoot, env });
    expect(backup.stdout).toMatch(/Backup written to/);

    await damage(deps, admin, news.id, Object.keys(before.files)[0]!);
    await deps.db.close();
    const restore = await run('npm', ['run', '--silent', 'restore', '--', archive], { cwd: repoRoot, env });
    expect(restore.stdout).toMatch(/Restored/);
    reopen(deps);
    expect(await siteState(deps)).toEqual(before);
  }, 90_000);
});

describe('a backup of a storage folder holding files the site never made', () => {
  it('leaves out pages, scripts, links, stray names and files whose bytes are not their type, and restores', async () => {
    const { deps } = await filledSite();
    const before = await siteState(deps);
    const id = storedName();
    const planted = [
      `images/${id}.html`,
      `images/${id}.svg`,
      'images/evil.png',
      `images/${storedName()}.png`,
      'notes.txt',
      '.gitkeep',
      `images/${storedName()}.jpg`,
    ];
    fs.writeFileSync(path.join(folderOf(deps.storage).root, planted[0]!), htmlPage());
    fs.writeFileSync(path.join(folderOf(deps.storage).root, planted[1]!), svgWithScript());
    fs.copyFileSync(
      folderOf(deps.storage).absolute(
        Object.keys(before.files)
          .find((f) => f.endsWith('.png'))!
          .replace(/^private\//, ''),
      ),
      path.join(folderOf(deps.storage).root, planted[2]!),
    );
    fs.writeFileSync(path.join(folderOf(deps.storage).root, planted[3]!), htmlPage());
    fs.writeFileSync(path.join(folderOf(deps.storage).root, planted[4]!), 'notes');
    fs.writeFileSync(path.join(folderOf(deps.storage).root, planted[5]!), '');
    fs.symlinkSync('/etc/passwd', path.join(folderOf(deps.storage).root, planted[6]!));
    const archive = path.join(deps.dir, 'site.tar.gz');
    const { skipped } = await createBackup({ db: deps.db, storage: deps.storage }, archive);
    expect([...skipped].sort()).toEqual(planted.filter((name) => name !== '.gitkeep').sort());

    await deps.db.close();
    await restoreBackup(archive, { dbFile: deps.env.DATABASE_URL, storageDir: folderOf(deps.storage).root });
    reopen(deps);
    expect(await siteState(deps)).toEqual(before);
    const links = fs.readdirSync(folderOf(deps.storage).root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isSymbolicLink());
    expect(links).toEqual([]);
  });
});

describe('a restore from something that is not this site’s backup', () => {
  const fakes: Record<string, (d: TestDeps) => Promise<string>> = {
    'a tarball of other files': (d) => tarballOf(d.dir, { 'site.db': 'not a database', 'storage/images/a.jpg': 'x' }),
    'a tarball whose manifest names another format': (d) => tarballOf(d.dir, { 'manifest.json': JSON.stringify({ format: 'someone-else/1' }), 'site.db': 'x' }),
    'a tarball with the right manifest but no database in it': (d) =>
      tarballOf(d.dir, { 'manifest.json': JSON.stringify({ format: 'womens-rights-news-backup/1' }), 'site.db': 'not a database at all' }),
    'a file that is no tarball at all': async (d) => {
      const file = path.join(d.dir, 'random.tar.gz');
      fs.writeFileSync(file, randomBytes(4096));
      return file;
    },
  };

  it.each(Object.keys(fakes))('refuses %s and leaves the current database and files untouched', async (name) => {
    const { deps } = await filledSite();
    const files = storedFiles(folderOf(deps.storage).root);
    const dbHash = hashOf(deps.env.DATABASE_URL);
    const archive = await fakes[name]!(deps);
    await expect(restoreBackup(archive, { dbFile: deps.env.DATABASE_URL, storageDir: folderOf(deps.storage).root })).rejects.toThrow();
    expect(hashOf(deps.env.DATABASE_URL)).toBe(dbHash);
    expect(storedFiles(folderOf(deps.storage).root)).toEqual(files);
    expect(fs.readdirSync(deps.dir).filter((entry) => entry.includes('before-restore'))).toEqual([]);
  });

  it('says why through npm run restore, exits with 1, and touches nothing', async () => {
    const { deps } = await filledSite();
    const files = storedFiles(folderOf(deps.storage).root);
    const dbHash = hashOf(deps.env.DATABASE_URL);
    const archive = await fakes['a tarball whose manifest names another format']!(deps);
    await expect(restoreBackup(archive, { dbFile: deps.env.DATABASE_URL, storageDir: folderOf(deps.storage).root })).rejects.toBeInstanceOf(BackupError);
    const env = {
      ...process.env,
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      DATABASE_URL: deps.env.DATABASE_URL,
      STORAGE_DIR: folderOf(deps.storage).root,
    };
    const failure = await run('npm', ['run', '--silent', 'restore', '--', archive], { cwd: repoRoot, env }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('is not a backup made by this site.');
    expect(hashOf(deps.env.DATABASE_URL)).toBe(dbHash);
    expect(storedFiles(folderOf(deps.storage).root)).toEqual(files);
  }, 90_000);
});
