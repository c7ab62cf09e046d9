import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import { message } from '../../src/shared/messages.ts';
import { hugeDimensionPng } from '../factories/hostile-files.ts';
import { makeNoisyPng } from '../factories/media.ts';
import { unique } from '../factories/index.ts';
import { snapshot } from '../setup/db-snapshot.ts';
import { CookieClient } from '../setup/http.ts';
import type { Site } from './support/site.ts';
import { startPublicSite } from './support/public-site.ts';

/**
 * A form posted without JavaScript whose file is refused for its size, or because the media
 * workers are busy, must still give the visitor back what she typed (a story may have taken an
 * hour to write) and must not claim that fields she filled in are empty. Over HTTP, as a browser
 * without JavaScript posts: text fields first, the file last.
 */
let site: Site | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

function formBody(fields: Record<string, string>, file: { name: string; bytes: Buffer; filename: string }): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append(file.name, new Blob([new Uint8Array(file.bytes)], { type: 'image/png' }), file.filename);
  return body;
}

/** Whether the page shows `text` back: in an input's value or a textarea's content. */
const keeps = (html: string, text: string) => html.includes(`value="${text}"`) || html.includes(`>${text}</textarea>`);

describe('a form posted without JavaScript whose file is refused before it is processed', () => {
  it('keeps the typed name, address and message when the photo is over the size limit, says so, and stores nothing', async () => {
    site = await startPublicSite();
    // Noise does not compress: a real PNG of about 12 MB, over the 10 MB allowed for images.
    const photo = fs.readFileSync(await makeNoisyPng(site.deps, 2000));
    expect(photo.length).toBeGreaterThan(11 * 1024 * 1024);
    const typed = { name: unique('Maryam'), email: `${unique('maryam')}@example.org`, message: unique('What I saw at the gate') };
    const before = await snapshot(site.deps);
    const response = await new CookieClient(site.url).fetch('/contact', {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin' },
      body: formBody({ _form: 'contact', ...typed }, { name: 'image', bytes: photo, filename: 'photo.png' }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    const html = await response.text();
    for (const text of Object.values(typed)) expect(keeps(html, text), text).toBe(true);
    expect(html).toContain(message('en', 'uploadImageTooLarge', { max: '10', image: '10', video: '100' }).slice(0, 40));
    expect(html).toContain(enPublic.forms.chooseFileAgain);
    expect(html).not.toContain(message('en', 'required'));
    expect(await snapshot(site.deps)).toEqual(before);
  });

  it('keeps the typed story when every media worker is busy, answers 503 with the reason, and stores nothing', async () => {
    site = await startPublicSite({ MEDIA_WORKERS: '1', MEDIA_QUEUE_LIMIT: '0' });
    // Someone else's large photo holds the only worker.
    const other = new FormData();
    other.set('file', new Blob([new Uint8Array(hugeDimensionPng())]), 'large.png');
    const holding = new CookieClient(site.url).fetch('/api/uploads', { method: 'POST', body: other });
    const incoming = site.deps.storage.scratch;
    await expect.poll(() => fs.readdirSync(incoming).some((name) => name.startsWith('job-')), { timeout: 10_000, interval: 20 }).toBe(true);

    const typed = { title: unique('At the checkpoint'), description: unique('They took my sister away and') };
    const before = await snapshot(site.deps);
    const photo = fs.readFileSync(await makeNoisyPng(site.deps, 200));
    const response = await new CookieClient(site.url).fetch('/yourStory', {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin' },
      body: formBody({ _form: 'story', ...typed }, { name: 'media', bytes: photo, filename: 'photo.png' }),
    });
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await response.text();
    expect(keeps(html, typed.title), 'title').toBe(true);
    expect(keeps(html, typed.description), 'story').toBe(true);
    expect(html).toContain(message('en', 'uploadBusy').slice(0, 40));
    expect(html).not.toContain(message('en', 'required'));
    expect(await snapshot(site.deps)).toEqual(before);
    expect((await holding).status).toBe(201);
  });
});
