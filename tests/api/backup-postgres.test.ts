import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupError, createBackup, restoreBackup } from '../../src/server/backup/archive.ts';
import { TRANSIENT_TABLES } from '../../src/server/backup/database-dump-postgres.ts';
import { connectionEnv } from '../../src/server/backup/postgres-tools.ts';
import { postgresOf } from '../../src/server/db/client.ts';
import { backupManifest, packFolder, tarballOf, unpackArchive } from '../factories/archives.ts';
import { damage, fillSite, siteState, storedFiles } from '../setup/backup-site.ts';
import { repoRoot } from '../setup/paths.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { folderOf } from '../setup/stored.ts';

const run = promisify(execFile);
let deps: TestDeps | undefined;
afterEach(async () => {
  await deps?.cleanup();
  deps = undefined;
});

// The site's pool stays open across a restore (idle, it holds no lock): its next queries name the
// restored tables, as a restarted site's would.

async function schemasOf(d: TestDeps): Promise<string[]> {
  const { rows } = await postgresOf(d.db).pool.query<{ name: string }>(
    "SELECT nspname AS name FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY 1",
  );
  return rows.map((row) => row.name);
}

/** Everything a refused restore must leave as it was: rows, files, and which schemas exist. */
async function everything(d: TestDeps) {
  return { ...(await siteState(d)), schemas: await schemasOf(d) };
}

type State = Awaited<ReturnType<typeof siteState>>;
const contentVersionOf = (state: State) =>
  Number((state.tables.site_state as { key: string; value: number }[]).find((row) => row.key === 'content_version')?.value ?? 0);
/**
 * The state but the content version, which a restore moves past every version readers may hold,
 * and the tables whose rows a backup leaves out (the last hour's visitor counts, setup tokens).
 */
const besideVersion = (state: State) => ({
  ...state,
  tables: {
    ...Object.fromEntries(Object.entries(state.tables).filter(([name]) => !(TRANSIENT_TABLES as readonly string[]).includes(name))),
    site_state: (state.tables.site_state as { key: string }[]).filter((row) => row.key !== 'content_version'),
  },
});

async function filledSite() {
  deps = createTestDeps();
  return { deps, ...(await fillSite(deps)) };
}

describe('backups on PostgreSQL', () => {
  it('bring back every row and every file byte for byte, keeping the previous schemas under another name', async () => {
    const { deps, admin, news } = await filledSite();
    // A visitor counted in the last hour: a hash of her address, which no backup may carry.
    await deps.guards.publicWrites.hit('203.0.113.5');
    const before = await siteState(deps);
    expect(before.tables.guard_counters!.length).toBeGreaterThan(0);
    expect(Object.keys(before.files).length).toBeGreaterThan(40);
    expect(before.tables.stories).toHaveLength(1);
    const archive = path.join(deps.dir, 'backups', 'site.tar.gz');
    await createBackup({ db: deps.db, storage: deps.storage }, archive);

    await damage(
      deps,
      admin,
      news.id,
      Object.keys(before.files).find((f) => f.startsWith('videos/'))!,
    );
    const damaged = await siteState(deps);
    expect(damaged).not.toEqual(before);
    const kept = await restoreBackup(archive, { dbFile: deps.env.DATABASE_URL, storageDir: folderOf(deps.storage).root });
    expect(kept.keptDb).toBeNull();
    expect(kept.keptSchemas).toEqual([expect.stringMatching(/^drizzle_before_restore_\d+$/), expect.stringMatching(/^public_before_restore_\d+$/)]);
    expect(kept.keptStorage).toMatch(/\.before-restore-/);

    const restored = await siteState(deps);
    expect(besideVersion(restored)).toEqual(besideVersion(before));
    expect(restored.tables.guard_counters).toEqual([]);
    // Validators readers hold, made before the backup or since, never match the restored content.
    expect(contentVersionOf(restored)).toBeGreaterThan(Math.max(contentVersionOf(before), contentVersionOf(damaged)));
    // The previous tables are still there, under the kept name, as they were.
    const keptSchema = kept.keptSchemas[1]!;
    const { rows } = await postgresOf(deps.db).pool.query(`SELECT count(*)::int AS n FROM "${keptSchema}".posts`);
    expect(rows[0].n).toBe(damaged.tables.posts!.length);
    // New rows get new ids, past the restored ones (the restarted site makes its work folder again).
    fs.mkdirSync(deps.storage.scratch, { recursive: true });
    expect((await fillSite(deps)).news.id).toBeGreaterThan(Math.max(...before.tables.posts!.map((row) => (row as { id: number }).id)));

    // A backup of the restored site is a backup like any other.
    const again = path.join(deps.dir, 'again.tar.gz');
    await createBackup({ db: deps.db, storage: deps.storage }, again);
    const state = await siteState(deps);
    await restoreBackup(again, { dbFile: deps.env.DATABASE_URL, storageDir: folderOf(deps.storage).root });
    expect(besideVersion(await siteState(deps))).toEqual(besideVersion(state));
  }, 60_000);

  // Two command-line runs, each starting Node on the TypeScript sources: slow on a busy machine.
  it('do the same through npm run backup and npm run restore, with the password never on a command line', async () => {
    const { deps, admin, news } = await filledSite();
    const before = await siteState(deps);
    // pg_dump and pg_restore behind wrappers that write down their arguments and whether a password came in the environment.
    const bin = path.join(deps.dir, 'bin');
    const log = path.join(deps.dir, 'tools.log');
    fs.mkdirSync(bin);
    for (const tool of ['pg_dump', 'pg_restore']) {
      const real = (await run('sh', ['-c', `command -v ${tool}`])).stdout.trim();
      fs.writeFileSync(path.join(bin, tool), `#!/bin/sh\necho "${tool} $* password:\${PGPASSWORD:+set}" >> '${log}'\nexec '${real}' "$@"\n`, { mode: 0o755 });
    }
    const url = new URL(deps.env.DATABASE_URL);
    url.password = 'never-on-argv-7f3a';
    const env = {
      ...process.env,
      PATH: `${bin}:${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      DATABASE_URL: url.href,
      STORAGE_DIR: folderOf(deps.storage).root,
    };
    const archive = path.join(deps.dir, 'cli-backup.tar.gz');
    expect((await run('npm', ['run', '--silent', 'backup', '--', archive], { cwd: repoRoot, env })).stdout).toMatch(/Backup written to/);

    await damage(deps, admin, news.id, Object.keys(before.files)[0]!);
    const restore = await run('npm', ['run', '--silent', 'restore', '--', archive], { cwd: repoRoot, env });
    expect(restore.stdout).toMatch(/Restored[\s\S]*previous tables are kept in the schemas drizzle_before_restore_\d+ and public_before_restore_\d+/);
    expect(besideVersion(await siteState(deps))).toEqual(besideVersion(before));
    const calls = fs.readFileSync(log, 'utf8');
    expect(calls).toMatch(/^pg_dump .*password:set$/m);
    expect(calls).toMatch(/^pg_restore .*--dbname=postgresql:\/\/ .*password:set$/m);
    expect(calls).not.toContain('never-on-argv');
  }, 120_000);

  it("hand the programs a URL's password and settings in their environment", () => {
    const env = connectionEnv('postgresql://site%40news:p%3Ass@db.internal:6432/news?sslmode=verify-full');
    expect(env).toMatchObject({ PGHOST: 'db.internal', PGPORT: '6432', PGUSER: 'site@news', PGPASSWORD: 'p:ss', PGDATABASE: 'news', PGSSLMODE: 'verify-full' });
  });
});

describe('a restore on PostgreSQL of something the site did not write', () => {
  async function refusedAndUnchanged(d: TestDeps, archive: string, why: RegExp) {
    const before = await everything(d);
    const error = await restoreBackup(archive, { dbFile: d.env.DATABASE_URL, storageDir: folderOf(d.storage).root }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(why);
    expect(await everything(d)).toEqual(before);
  }

  it('refuses a dump holding a trigger and its function, and changes nothing', async () => {
    const { deps } = await filledSite();
    // The SQLite audit's attack (decision 020): a trigger that publishes every contact message.
    await postgresOf(deps.db).pool.query(`
      CREATE FUNCTION public.leak() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        INSERT INTO public.posts (kind, title_en, description_en, status) VALUES ('news', NEW.name, NEW.message, 'published'); RETURN NEW; END $$;
      CREATE TRIGGER leak AFTER INSERT ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION public.leak();`);
    const archive = path.join(deps.dir, 'trigger.tar.gz');
    await createBackup({ db: deps.db, storage: deps.storage }, archive);
    await refusedAndUnchanged(deps, archive, /does not hold the schema this version's migrations make .*FUNCTION public\.leak/);
  }, 60_000);

  it('refuses a dump whose sequence settings were edited into other SQL, and changes nothing', async () => {
    const { deps } = await filledSite();
    const archive = path.join(deps.dir, 'site.tar.gz');
    await createBackup({ db: deps.db, storage: deps.storage }, archive);
    const folder = await unpackArchive(archive);
    const dumpFile = path.join(folder, 'site.pgdump');
    const dump = fs.readFileSync(dumpFile);
    const setval = /SELECT pg_catalog\.setval\('public\.posts_id_seq', \d+, true\);/.exec(dump.toString('latin1'))![0];
    // The same length, so the archive's structure holds: only the statement changes.
    const hostile = 'DROP TABLE public.users CASCADE;'.padEnd(setval.length, ' ');
    fs.writeFileSync(dumpFile, Buffer.from(dump.toString('latin1').replace(setval, hostile), 'latin1'));
    const doctored = await packFolder(folder, path.join(deps.dir, 'doctored.tar.gz'), ['manifest.json', 'site.pgdump', 'storage']);
    await refusedAndUnchanged(deps, doctored, /holds a statement a dump of this site never holds: DROP TABLE public\.users/);
  }, 60_000);

  it('refuses an SQLite backup, naming the way to move a site', async () => {
    deps = createTestDeps();
    const archive = await tarballOf(deps.dir, { 'manifest.json': backupManifest(), 'site.db': 'not read' });
    await refusedAndUnchanged(deps, archive, /made on SQLite; this site uses PostgreSQL .*db:copy-to-postgres/);
  });

  it('refuses a file stored under a name whose bytes are another type, and changes nothing', async () => {
    const { deps } = await filledSite();
    const archive = path.join(deps.dir, 'site.tar.gz');
    await createBackup({ db: deps.db, storage: deps.storage }, archive);
    const folder = await unpackArchive(archive);
    const png = Object.keys(storedFiles(path.join(folder, 'storage'))).find((name) => name.endsWith('.png'))!;
    fs.writeFileSync(path.join(folder, 'storage', png), '<html><script>alert(1)</script></html>');
    const doctored = await packFolder(folder, path.join(deps.dir, 'doctored.tar.gz'), ['manifest.json', 'site.pgdump', 'storage']);
    await refusedAndUnchanged(deps, doctored, /whose bytes are/);
  }, 60_000);
});
