import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { storedName } from '../factories/archives.ts';
import { htmlPage, plainJpeg, svgWithScript } from '../factories/hostile-files.ts';
import { makeContent } from '../factories/index.ts';
import { restoreTargetForAllTests } from '../setup/restore-target.ts';
import { folderOf } from '../setup/stored.ts';

/** The bytes of a real stored PNG, to put under names and places the site never uses. */
let png: Buffer;
const site = restoreTargetForAllTests(async (deps) => {
  const { image } = await makeContent(deps, 'news');
  png = fs.readFileSync(folderOf(deps.storage).absolute(image));
});
const { changedArchive, expectRefused } = site;

const put = (folder: string, name: string, bytes: Buffer | string) => {
  fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
  fs.writeFileSync(path.join(folder, name), bytes);
};

const planted: Record<string, { change: (folder: string) => void | Promise<void>; entries?: () => string[]; why: RegExp }> = {
  'an HTML page in the public images': { change: (f) => put(f, `storage/images/${storedName()}.html`, htmlPage()), why: /\.html/ },
  'a script in the public images': { change: (f) => put(f, `storage/images/${storedName()}.js`, 'alert(1)'), why: /\.js/ },
  'an SVG image with a script': { change: (f) => put(f, `storage/images/${storedName()}.svg`, svgWithScript()), why: /\.svg/ },
  'an HTML page on the private side': { change: (f) => put(f, `storage/private/images/${storedName()}.html`, htmlPage()), why: /\.html/ },
  'a PNG under a name the site never makes': { change: (f) => put(f, 'storage/images/evil.png', png), why: /evil\.png/ },
  'an HTML page under a PNG name': { change: (f) => put(f, `storage/images/${storedName()}.png`, htmlPage()), why: /not a png|holds/ },
  'a JPEG under a PNG name': { change: async (f) => put(f, `storage/images/${storedName()}.png`, await plainJpeg()), why: /holds/ },
  'an image in the videos folder': { change: (f) => put(f, `storage/videos/${storedName()}.png`, png), why: /videos\// },
  'a variant of a width the site never makes': { change: (f) => put(f, `storage/images/${storedName()}-w500.png`, png), why: /-w500/ },
  'a file beside the stored folders': { change: (f) => put(f, `storage/${storedName()}.png`, png), why: /storage\/[0-9a-f]{32}\.png/ },
  'a folder the site never makes': { change: (f) => put(f, `storage/other/${storedName()}.png`, png), why: /storage\/other/ },
  'the incoming folder': { change: (f) => put(f, 'storage/.incoming/abc', 'half'), why: /\.incoming/ },
  'a file beside the database': {
    change: (f) => put(f, 'stray.sh', 'echo hi'),
    entries: () => ['manifest.json', 'site.db', 'storage', 'stray.sh'],
    why: /stray\.sh/,
  },
  'a symbolic link to a file outside the storage': {
    change: (f) => fs.symlinkSync('/etc/passwd', path.join(f, 'storage/images', `${storedName()}.png`)),
    why: /SymbolicLink|link/,
  },
  'a hard link': {
    change: (f) => {
      const stored = fs.readdirSync(path.join(f, 'storage/images'))[0]!;
      fs.linkSync(path.join(f, 'storage/images', stored), path.join(f, 'storage/images', `${storedName()}.png`));
    },
    why: /Link|link/,
  },
  'the same stored file twice': {
    change: () => undefined,
    entries: () => {
      const stored = fs.readdirSync(path.join(site.pristine, 'storage/images'))[0]!;
      return ['manifest.json', 'site.db', 'storage', `storage/images/${stored}`];
    },
    why: /twice/,
  },
  'a second database after the first': { change: () => undefined, entries: () => ['manifest.json', 'site.db', 'storage', 'site.db'], why: /twice/ },
  'its manifest after the rest': { change: () => undefined, entries: () => ['site.db', 'manifest.json', 'storage'], why: /not a backup made by this site/ },
};

describe('a backup carrying files the site never makes', () => {
  it.each(Object.keys(planted))('is refused when it holds %s, and nothing on disk changes', async (name) => {
    const { change, entries, why } = planted[name]!;
    await expectRefused(await changedArchive(change, entries?.()), why);
  });
});

describe('a backup past the restore limits', () => {
  it('is refused when it holds more entries than allowed', async () => {
    const archive = await changedArchive((f) => {
      for (let i = 0; i < 30; i += 1) put(f, `storage/images/${storedName()}.png`, png);
    });
    await expectRefused(archive, /entries/, { maxEntries: 25 });
  });

  it('is refused when its database is larger than allowed, before the database is read', async () => {
    await expectRefused(await changedArchive(() => undefined), /site\.db.*larger/, { maxDatabaseBytes: 16 * 1024 });
  });

  it('is refused when one of its files is larger than allowed', async () => {
    await expectRefused(await changedArchive(() => undefined), /larger/, { maxFileBytes: 256 });
  });
});
