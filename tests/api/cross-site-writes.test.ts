import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { unique } from '../factories/index.ts';
import { snapshot } from '../setup/db-snapshot.ts';
import { CookieClient } from '../setup/http.ts';
import { siteForAllTests } from '../setup/per-test.ts';
import { imageBlob } from './rest-kit.ts';

/**
 * Every write a visitor can make through the API, as another site's page would make the visitor's
 * browser send it: a form post (urlencoded or multipart) or a script's fetch. The browser names the
 * other site in Origin and Sec-Fetch-Site; a page can hide its origin (`Origin: null`) but not forge ours.
 */
interface VisitorWrite {
  name: string;
  send(client: CookieClient, headers: Record<string, string>): Promise<Response>;
}

const fields = () => ({
  title: unique('title'),
  description: unique('story'),
  name: unique('name'),
  email: `${unique('e')}@example.org`,
  message: unique('message'),
});

const urlencoded = (path: string) => ({
  name: `POST ${path} (urlencoded form)`,
  send: (client: CookieClient, headers: Record<string, string>) => client.fetch(path, { method: 'POST', headers, body: new URLSearchParams(fields()) }),
});

const multipart = (path: string, fileField: string) => ({
  name: `POST ${path} (multipart form with a file)`,
  async send(client: CookieClient, headers: Record<string, string>) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields())) body.append(key, value);
    body.append('purpose', 'story');
    body.append(fileField, await imageBlob('jpeg'), 'photo.jpg');
    return client.fetch(path, { method: 'POST', headers, body });
  },
});

const trpc = (path: string, input: () => unknown) => ({
  name: `POST /trpc/${path}`,
  send: (client: CookieClient, headers: Record<string, string>) =>
    client.fetch(`/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(superjson.serialize(input())),
    }),
});

const writes: VisitorWrite[] = [
  urlencoded('/api/contact'),
  multipart('/api/contact', 'image'),
  urlencoded('/api/story'),
  multipart('/api/story', 'media'),
  urlencoded('/api/stories'),
  urlencoded('/api/subscribe'),
  multipart('/api/uploads', 'file'),
  trpc('contacts.create', () => ({ name: unique('n'), email: `${unique('e')}@example.org`, message: unique('m') })),
  trpc('stories.create', () => ({ title: unique('t'), description: unique('d') })),
  trpc('newsletter.subscribe', () => ({ email: `${unique('e')}@example.org` })),
];

const foreign = {
  'a foreign Origin': { Origin: 'https://attacker.example' },
  'Sec-Fetch-Site: cross-site': { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://attacker.example' },
  'Sec-Fetch-Site: same-site (a sibling subdomain)': { 'Sec-Fetch-Site': 'same-site', Origin: 'https://blog.attacker.example' },
  'an opaque Origin: null': { Origin: 'null' },
};

const site = siteForAllTests({ RATE_LIMIT_PUBLIC_WRITES: '0', RATE_LIMIT_UPLOADS: '0' });

describe('a visitor write sent from another site', () => {
  it.each(writes.flatMap((write) => Object.entries(foreign).map(([how, headers]) => [write.name, how, write, headers] as const)))(
    "%s with %s is refused with 403 in the visitor's language, storing nothing",
    async (_name, _how, write, headers) => {
      const before = await snapshot(site.deps);
      const response = await write.send(new CookieClient(site.server.url), { ...headers, 'Accept-Language': 'fa' });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toContain('وب‌سایت دیگری');
      expect(await snapshot(site.deps)).toEqual(before);
    },
  );
});

describe('a visitor write from the site itself, or from a client that names no origin', () => {
  const own = (url: string) => ({
    "the site's own page (Sec-Fetch-Site: same-origin)": { 'Sec-Fetch-Site': 'same-origin', Origin: url },
    'an older browser naming our Origin': { Origin: url },
    'a non-browser client (no Origin)': {},
  });

  it.each(writes.map((write) => [write.name, write] as const))('%s goes through', async (_name, write) => {
    for (const [how, headers] of Object.entries(own(site.server.url))) {
      const before = await snapshot(site.deps);
      const response = await write.send(new CookieClient(site.server.url), headers);
      expect(response.status, how).toBeLessThan(300);
      expect(await snapshot(site.deps), how).not.toEqual(before);
    }
  });
});
