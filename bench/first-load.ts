// The first load of the public pages in both languages, in Chromium at 412 px, then (LIGHTHOUSE=1) Lighthouse's mobile
// scores of the six pages `npm run bench` scores: `node … bench/first-load.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM, lighthouseScores } from './lighthouse.ts';
import { launchChromium, pageWeight } from './weight.ts';
import { openAndMigrate } from '../src/server/db/client.ts';
import { createDeps } from '../src/server/deps.ts';
import { seedDemo } from '../src/server/db/demo-seed.ts';
import { envFor } from '../src/server/env.ts';
import { SERVER, serverArgs, startProcess } from './processes.ts';
import { WORK_UNLIMITED } from './uncached.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-first-load-'));
const env = envFor({ DATABASE_URL: path.join(dir, 'site.db'), STORAGE_DIR: path.join(dir, 'storage') });
const db = await openAndMigrate(env.DATABASE_URL);
await seedDemo(createDeps({ db, env }));
await db.close();
const site = await startProcess(SERVER, { DATABASE_URL: env.DATABASE_URL, STORAGE_DIR: env.STORAGE_DIR, ...WORK_UNLIMITED }, serverArgs);
const browser = await launchChromium(CHROMIUM);
try {
  for (const pathname of ['/', '/?lang=fa', '/latestnews', '/latestnews?lang=fa', '/news/1', '/news/1?lang=fa', '/contact', '/contact?lang=fa']) {
    const row = await pageWeight(browser, site.url, pathname, pathname);
    console.log(JSON.stringify(row));
  }
  if (process.env.LIGHTHOUSE === '1')
    for (const row of await lighthouseScores(
      ['/', '/?lang=fa', '/latestnews', '/latestnews?lang=fa', '/news/1', '/news/1?lang=fa'].map((p) => ({ label: p, url: site.url + p })),
    ))
      console.log(JSON.stringify(row));
} finally {
  await browser.close();
  await site.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
