import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import { message } from '../../src/shared/messages.ts';
import { makeTextFile } from '../factories/media.ts';
import { unique } from '../factories/index.ts';
import { snapshot } from '../setup/db-snapshot.ts';
import { imageBlob } from '../api/rest-kit.ts';
import { CookieClient } from '../setup/http.ts';
import type { Site } from './support/site.ts';
import { startPublicSite } from './support/public-site.ts';

/**
 * The forms' posts without JavaScript, over HTTP: what another site's page can make a visitor's
 * browser send, the answers' headers, and refusals that must store nothing.
 */
const ONION_URL = 'http://womensrightsexampleonionaddressxxxxxxxxxxxxxxxxxxxxxxx.onion';
const PUBLIC_URL = 'https://news.example.org';

let site: Site;
beforeAll(async () => {
  site = await startPublicSite({ ONION_URL, PUBLIC_URL });
});
afterAll(async () => {
  await site?.close();
});

/** Each visitor form as the page posts it, to the page it is on. */
const forms = {
  story: { path: '/yourStory', fields: () => ({ _form: 'story', title: unique('title'), description: unique('story') }) },
  contact: { path: '/contact', fields: () => ({ _form: 'contact', name: unique('name'), email: `${unique('e')}@example.org`, message: unique('message') }) },
  newsletter: { path: '/gallery', fields: () => ({ _form: 'newsletter', email: `${unique('e')}@example.org` }) },
} as const;
type FormName = keyof typeof forms;
const names = Object.keys(forms) as FormName[];

function post(client: CookieClient, form: FormName, headers: Record<string, string>, multipart = form !== 'newsletter', extra: Record<string, string> = {}) {
  const values = { ...forms[form].fields(), ...extra };
  let body: URLSearchParams | FormData = new URLSearchParams(values);
  if (multipart) {
    body = new FormData();
    for (const [key, value] of Object.entries(values)) body.append(key, value);
  }
  return client.fetch(forms[form].path, { method: 'POST', headers, body });
}

const tokenIn = (html: string, form: FormName) =>
  new RegExp(`name="_token" value="([^"]+)"`).exec(html.slice(html.indexOf(`name="_form" value="${form}"`)))?.[1];

describe('a visitor form posted from another site', () => {
  it.each(names.flatMap((form) => [['a foreign Origin', form] as const, ['Sec-Fetch-Site: cross-site', form] as const]))(
    'with %s (%s form) is refused with a page saying why, storing nothing',
    async (how, form) => {
      const headers: Record<string, string> =
        how === 'a foreign Origin' ? { Origin: 'https://attacker.example' } : { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://attacker.example' };
      const before = await snapshot(site.deps);
      const response = await post(new CookieClient(site.url), form, { ...headers, 'Accept-Language': 'fa' });
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      expect(html).toContain('<html lang="fa" dir="rtl"');
      expect(html).toContain(message('fa', 'crossSiteRefused'));
      expect(await snapshot(site.deps)).toEqual(before);
    },
  );
});

describe('a visitor form posted by a browser that names no origin', () => {
  it.each(names)('(%s) is stored only with the token of the page the site gave back, tied to the visitor cookie', async (form) => {
    const client = new CookieClient(site.url);
    const before = await snapshot(site.deps);
    const first = await post(client, form, {});
    expect(first.status).toBe(403);
    const html = await first.text();
    expect(html).toContain(message('en', 'formUnconfirmed'));
    expect(await snapshot(site.deps)).toEqual(before);
    const token = tokenIn(html, form);
    expect(token).toBeTruthy();

    // Another visitor's cookie (or none) with this token: still refused.
    expect((await post(new CookieClient(site.url), form, {}, undefined, { _token: token! })).status).toBe(403);
    expect(await snapshot(site.deps)).toEqual(before);

    const second = await post(client, form, {}, undefined, { _token: token! });
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe(`/sent/${form}`);
    expect(await snapshot(site.deps)).not.toEqual(before);
  });
});

describe('the answers to form posts', () => {
  it('redirects a stored post to a confirmation page that names only the form, and never caches a refused one', async () => {
    const client = new CookieClient(site.url);
    const stored = await post(client, 'story', { 'Sec-Fetch-Site': 'same-origin', Origin: PUBLIC_URL });
    expect(stored.status).toBe(303);
    expect(stored.headers.get('location')).toBe('/sent/story');
    const refused = await post(client, 'story', { 'Sec-Fetch-Site': 'same-origin' }, true, { title: '' });
    expect(refused.status).toBe(422);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps no file that the stored form did not take', async () => {
    const before = await snapshot(site.deps);
    const body = new FormData();
    body.append('_form', 'newsletter');
    body.append('email', `${unique('e')}@example.org`);
    body.append('media', await imageBlob('jpeg'), 'photo.jpg');
    const response = await new CookieClient(site.url).fetch('/yourStory', { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin' }, body });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/sent/newsletter');
    const after = await snapshot(site.deps);
    expect(after.tables.uploads).toEqual(before.tables.uploads);
    expect(after.files).toEqual(before.files);
  });

  it('refuses a file that is not an image beside its field, with what else is wrong, keeping the text and storing nothing', async () => {
    const before = await snapshot(site.deps);
    const description = unique('kept');
    const body = new FormData();
    for (const [key, value] of Object.entries({ _form: 'contact', name: '', email: 'maryam@example.org', message: description })) body.append(key, value);
    body.append('image', new Blob([await import('node:fs').then((fs) => fs.readFileSync(makeTextFile(site.deps)))], { type: 'image/jpeg' }), 'photo.jpg');
    const response = await new CookieClient(site.url).fetch('/contact', { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin' }, body });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain(message('en', 'uploadUnsupportedType').slice(0, 30));
    expect(html).toContain(description);
    expect(html).toContain(enPublic.forms.chooseFileAgain);
    expect(html).toContain(message('en', 'required'));
    expect(await snapshot(site.deps)).toEqual(before);
  });

  it('says "too many attempts" in the page once a visitor has sent their hourly share, storing nothing more', async () => {
    const limited = await startPublicSite({ RATE_LIMIT_PUBLIC_WRITES: '1' });
    try {
      const client = new CookieClient(limited.url);
      expect((await post(client, 'contact', { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(303);
      const before = await snapshot(limited.deps);
      const response = await post(client, 'contact', { 'Sec-Fetch-Site': 'same-origin' });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await response.text()).toContain(message('en', 'tooManyRequests'));
      expect(await snapshot(limited.deps)).toEqual(before);
    } finally {
      await limited.close();
    }
  });

  it('names the onion address in every HTML answer, while canonical links, sitemap and feeds keep the public address', async () => {
    // A parameter the page does not read is not part of its address (one cache entry per page), so
    // the onion address names the page without it.
    const addresses: Record<string, string> = { '/': '/', '/about?page=2': '/about', '/yourStory': '/yourStory', '/login': '/login', '/sent/story': '/sent/story' };
    for (const [path, address] of Object.entries(addresses)) {
      for (let round = 0; round < 2; round += 1) {
        // The second round is answered from the response cache, with the same headers.
        const response = await fetch(site.url + path, { headers: { Host: 'womensrightsexampleonionaddressxxxxxxxxxxxxxxxxxxxxxxx.onion' } });
        expect(response.headers.get('onion-location'), path).toBe(`${ONION_URL}${address}`);
        const html = await response.text();
        if (path === '/') expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/">`);
      }
    }
    const refused = await post(new CookieClient(site.url), 'story', { Origin: 'https://attacker.example' });
    expect(refused.headers.get('onion-location')).toBe(`${ONION_URL}/yourStory`);
    for (const path of ['/sitemap.xml', '/rss/en/news.xml', '/robots.txt']) {
      const text = await (await fetch(site.url + path)).text();
      expect(text, path).toContain(PUBLIC_URL);
      expect(text, path).not.toContain('.onion');
    }
  });

  it('remembers a language chosen by a ?lang link in a cookie, so the next page keeps it', async () => {
    const client = new CookieClient(site.url);
    const chosen = await client.fetch('/about?lang=fa');
    expect(await chosen.text()).toContain('<html lang="fa" dir="rtl"');
    expect(client.cookies.get('lang')).toBe('fa');
    expect(await (await client.fetch('/contact')).text()).toContain('<html lang="fa" dir="rtl"');
    await client.fetch('/contact?lang=en');
    expect(client.cookies.get('lang')).toBe('en');
  });
});
