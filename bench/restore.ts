// Restore, genuine and attacked: how long a restore takes, its process's peak memory, and whether
// the site's files were left as they were. Repeat it with
//   node --experimental-strip-types bench/restore.ts            (RESTORE_BENCH_ITEMS=100000 for a 930 MB database)
// Each restore runs in a process of its own (tests/setup/restore-child.ts), as `npm run restore` would.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { fillNews } from './fill-sqlite.ts';
import { createBackup } from '../src/server/backup/archive.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { packFolder, storedName, unpackArchive, writeGzipBomb } from '../tests/factories/archives.ts';
import { measuredRestore } from '../tests/setup/measured-restore.ts';
import { createFolderStorage } from '../src/server/uploads/storage-folder.ts';

const ITEMS = Number(process.env.RESTORE_BENCH_ITEMS ?? 10_000);
const PHOTOS = 500;
const GB = 1024 ** 3;

/** The database file and every stored file, hashed: what a refused restore must leave as it was. */
function fingerprint(site: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(full).update(fs.readFileSync(full));
    }
  };
  walk(site);
  return hash.digest('hex');
}

async function main() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-restore-'));
  try {
    const site = path.join(root, 'site');
    const target = { dbFile: path.join(site, 'site.db'), storageDir: path.join(site, 'storage') };
    fs.mkdirSync(path.join(target.storageDir, 'images'), { recursive: true });
    await fillNews(target.dbFile, ITEMS, 'images/bench.jpg');
    // Stored photos as uploads leave them: server-made names, JPEG bytes.
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 120, g: 80, b: 40 } } })
      .jpeg()
      .toBuffer();
    for (let i = 0; i < PHOTOS; i += 1) fs.writeFileSync(path.join(target.storageDir, 'images', `${storedName()}.jpg`), photo);

    const db = openDatabase(target.dbFile);
    const started = performance.now();
    const genuine = path.join(root, 'genuine.tar.gz');
    const { bytes } = await createBackup({ db, storage: createFolderStorage(target.storageDir) }, genuine);
    await db.close();
    console.log(
      `Site: ${ITEMS} items (database ${(fs.statSync(target.dbFile).size / 1024 / 1024).toFixed(0)} MB), ${PHOTOS} photos; backup ${(bytes / 1024 / 1024).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms\n`,
    );

    const unpacked = await unpackArchive(genuine);
    const tampered = async (name: string, change: (folder: string) => void) => {
      const folder = path.join(root, name);
      fs.cpSync(unpacked, folder, { recursive: true });
      change(folder);
      return packFolder(folder, `${folder}.tar.gz`);
    };
    const cases: [string, () => Promise<string>][] = [
      [
        'the audit’s bomb: 3 GB in the database, 3.2 MB archive',
        async () => (writeGzipBomb(path.join(root, 'bomb-db.tar.gz'), 3 * GB, 'database'), path.join(root, 'bomb-db.tar.gz')),
      ],
      [
        '3 GB after the archive’s end',
        async () => (writeGzipBomb(path.join(root, 'bomb-end.tar.gz'), 3 * GB, 'after the end'), path.join(root, 'bomb-end.tar.gz')),
      ],
      [
        'a trigger copying contact messages into news',
        () =>
          tampered('trigger', (folder) => {
            const tamper = new Database(path.join(folder, 'site.db'));
            tamper.exec(
              "CREATE TRIGGER leak AFTER INSERT ON contact_messages BEGIN INSERT INTO posts (kind, title_en, title_fa, description_en, description_fa, image) VALUES ('news', NEW.name, NEW.name, NEW.email, NEW.message, 'images/x.jpg'); END",
            );
            tamper.close();
          }),
      ],
      [
        'an HTML page in the stored images',
        () => tampered('html', (folder) => fs.writeFileSync(path.join(folder, 'storage/images', `${storedName()}.html`), '<script>alert(1)</script>')),
      ],
      [
        'an HTML page under a JPEG name',
        () => tampered('mistyped', (folder) => fs.writeFileSync(path.join(folder, 'storage/images', `${storedName()}.jpg`), '<script>alert(1)</script>')),
      ],
    ];

    console.log('| restore of | archive | time | peak memory | outcome | site files |');
    console.log('|---|---|---|---|---|---|');
    for (const [name, make] of cases) {
      const archive = await make();
      const before = fingerprint(site);
      const measured = await measuredRestore(archive, target);
      const unchanged = fingerprint(site) === before;
      const size = fs.statSync(archive).size / 1024 / 1024;
      console.log(
        `| ${name} | ${size.toFixed(1)} MB | ${measured.ms} ms | ${measured.peakMb} MB | ${measured.refusal ? `refused: ${measured.refusal.replaceAll(root, '…')}` : 'restored'} | ${unchanged ? 'unchanged' : 'CHANGED'} |`,
      );
    }
    const measured = await measuredRestore(genuine, target);
    console.log(
      `| the genuine backup | ${(bytes / 1024 / 1024).toFixed(1)} MB | ${measured.ms} ms | ${measured.peakMb} MB | ${measured.refusal ?? 'restored'} | replaced |`,
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
