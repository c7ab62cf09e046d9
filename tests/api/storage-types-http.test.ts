import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { storedName } from '../factories/archives.ts';
import { htmlPage, scriptProbe, svgWithScript } from '../factories/hostile-files.ts';
import { makeUser } from '../factories/index.ts';
import { sessionTokenFor } from '../setup/callers.ts';
import { CookieClient } from '../setup/http.ts';
import { siteForEachTest } from '../setup/per-test.ts';
import { holdSession } from '../setup/trpc-http.ts';
import { folderOf } from '../setup/stored.ts';

const site = siteForEachTest();
let editor: CookieClient;
beforeEach(async () => {
  editor = new CookieClient(site.server.url);
  await holdSession(editor, await sessionTokenFor(site.deps, await makeUser(site.deps)));
});

/** Writes a file on both sides of the storage, as a doctored restore or someone with the disk could. */
function drop(relative: string, bytes: Buffer | string) {
  for (const root of [folderOf(site.deps.storage).root, folderOf(site.deps.storage).privateRoot]) {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), bytes);
  }
}

describe('the media routes', () => {
  it('answer 404 for a page, a script, an SVG or any name the site never makes, on the public and the private path', async () => {
    const id = storedName();
    const planted: Record<string, Buffer | string> = {
      [`images/${id}.html`]: htmlPage(),
      [`images/${id}.htm`]: htmlPage(),
      [`images/${id}.js`]: `/* ${scriptProbe} */ alert(1)`,
      [`images/${id}.svg`]: svgWithScript(),
      [`images/${id}.xml`]: svgWithScript(),
      [`images/${id}.txt`]: scriptProbe,
      [`videos/${id}.html`]: htmlPage(),
      [`videos/${id}.png`]: htmlPage(),
      [`images/${id}.mp4`]: htmlPage(),
      [`images/${id}-w500.png`]: htmlPage(),
      [`images/${id}-w480.png`]: htmlPage(),
      [`videos/${id}-w480.jpg`]: htmlPage(),
      ['images/evil.png']: htmlPage(),
      [`images/${id.toUpperCase()}.png`]: htmlPage(),
    };
    for (const [relative, bytes] of Object.entries(planted)) drop(relative, bytes);
    const anonymous = new CookieClient(site.server.url);
    for (const relative of Object.keys(planted)) {
      for (const [client, url] of [
        [anonymous, `/storage/${relative}`],
        [editor, `/storage/${relative}`],
        [editor, `/media/private/${relative}`],
      ] as const) {
        const response = await client.fetch(url);
        const body = await response.text();
        expect(response.status, url).toBe(404);
        expect(body, url).not.toContain('hostile-upload-probe');
      }
    }
  });

  it('serve every type the site stores with its own Content-Type and nosniff, whatever the bytes', async () => {
    const id = storedName();
    const types: Record<string, string> = {
      [`images/${id}.jpg`]: 'image/jpeg',
      [`images/${id}.png`]: 'image/png',
      [`images/${id}.webp`]: 'image/webp',
      [`images/${id}.avif`]: 'image/avif',
      [`images/${id}.gif`]: 'image/gif',
      [`images/${id}-w480.avif`]: 'image/avif',
      [`images/${id}-w960.webp`]: 'image/webp',
      [`images/${id}-w1600.jpg`]: 'image/jpeg',
      [`videos/${id}.mp4`]: 'video/mp4',
      [`videos/${id}.webm`]: 'video/webm',
      [`videos/${id}.mov`]: 'video/quicktime',
    };
    // The route trusts neither the bytes nor a browser's sniffing: the type comes from the name the site made.
    for (const relative of Object.keys(types)) drop(relative, htmlPage());
    const anonymous = new CookieClient(site.server.url);
    for (const [relative, type] of Object.entries(types)) {
      for (const [client, url] of [
        [anonymous, `/storage/${relative}`],
        [editor, `/media/private/${relative}`],
      ] as const) {
        const response = await client.fetch(url);
        await response.arrayBuffer();
        expect(response.status, url).toBe(200);
        expect(response.headers.get('content-type'), url).toBe(type);
        expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      }
    }
  });
});
