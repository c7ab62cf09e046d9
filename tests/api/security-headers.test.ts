import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeImageUpload, makeUser, testPassword } from '../factories/index.ts';
import { CookieClient } from '../setup/http.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import { trpcMutation } from '../setup/trpc-http.ts';

const sites = sitesStartedInTests();

/**
 * The site with a stand-in client build, so pages are served as in production. It lies under
 * tests/.tmp, a dot-folder, as a site installed under ~/.local would.
 */
async function site(env: Record<string, string> = {}) {
  const deps = sites.deps(env);
  const clientDir = path.join(deps.dir, 'client');
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  const server = await sites.serve(deps, { clientDir });
  const image = await makeImageUpload(deps);
  // A fresh upload is private until an item publishes it; the public side is what these headers are about.
  await deps.storage.setVisibility(image.path, 'public');
  return { deps, server, storedFile: `/storage/${image.path}` };
}

function policyOf(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** A path of each kind of response, with the status it answers. */
const samples = (storedFile: string): Record<string, [string, number]> => ({
  'a page': ['/', 200],
  'a deep page of the app': ['/news/12', 200],
  'a REST list': ['/api/news', 200],
  'a REST error': ['/api/no-such-endpoint', 404],
  'a tRPC query': ['/trpc/config.get', 200],
  'a stored image': [storedFile, 200],
  'a missing stored file': ['/storage/images/0000000000000000.jpg', 404],
  'the health check': ['/healthz', 200],
});

describe('security headers on every kind of response', () => {
  it('sends a strict Content-Security-Policy: own scripts only, frames only from youtube-nocookie, never framed', async () => {
    const { server, storedFile } = await site();
    for (const [name, [pathname, status]] of Object.entries(samples(storedFile))) {
      const response = await fetch(server.url + pathname);
      await response.body?.cancel();
      expect(response.status, name).toBe(status);
      const policy = policyOf(response.headers.get('content-security-policy'));
      expect(policy.get('script-src'), name).toEqual(["'self'"]);
      expect(policy.get('default-src'), name).toEqual(["'self'"]);
      expect(policy.get('frame-src'), name).toEqual(['https://www.youtube-nocookie.com']);
      expect(policy.get('frame-ancestors'), name).toEqual(["'none'"]);
      expect(policy.get('object-src'), name).toEqual(["'none'"]);
      expect(policy.get('base-uri'), name).toEqual(["'self'"]);
      // Nothing loads from a third party: every source list is the site itself (or inline data for images).
      for (const directive of ['style-src', 'img-src', 'font-src', 'connect-src', 'media-src', 'form-action']) {
        expect(
          policy.get(directive)?.every((source) => ["'self'", 'data:', 'blob:'].includes(source)),
          `${name}: ${directive}`,
        ).toBe(true);
      }
      expect([...policy.values()].flat(), name).not.toContain("'unsafe-eval'");
      expect(
        [...policy.values()].flat().filter((source) => source.includes('*')),
        name,
      ).toEqual([]);
      expect(policy.has('upgrade-insecure-requests'), name).toBe(false);
    }
  });

  it('sends nosniff, a same-origin-only referrer policy and DENY framing, and never X-Powered-By or HSTS on a plain-HTTP site', async () => {
    const { server, storedFile } = await site();
    for (const [name, [pathname]] of Object.entries(samples(storedFile))) {
      const response = await fetch(server.url + pathname);
      await response.body?.cancel();
      expect(response.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), name).toBe('same-origin');
      expect(response.headers.get('x-frame-options'), name).toBe('DENY');
      expect(response.headers.has('x-powered-by'), name).toBe(false);
      expect(response.headers.has('strict-transport-security'), name).toBe(false);
    }
  });

  it('serves a stored file with its real type, so no browser runs it as a page', async () => {
    const { server, storedFile } = await site();
    const response = await fetch(server.url + storedFile);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps cookies off Secure while the site is plain HTTP, so a local site still works', async () => {
    const { deps, server } = await site({ PUBLIC_URL: 'http://localhost:3000' });
    const editor = await makeUser(deps);
    const response = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: editor.email, password: testPassword }),
    });
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((line) => line.startsWith('session='))).not.toMatch(/;\s*Secure/i);
  });
});

describe('a site whose PUBLIC_URL is https', () => {
  it('sends HSTS for a year with subdomains, and asks browsers to upgrade insecure requests', async () => {
    const { server, storedFile } = await site({ PUBLIC_URL: 'https://example.org' });
    for (const [name, [pathname]] of Object.entries(samples(storedFile))) {
      const response = await fetch(server.url + pathname);
      await response.body?.cancel();
      const hsts = response.headers.get('strict-transport-security') ?? '';
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), name).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts, name).toMatch(/includeSubDomains/i);
      expect(policyOf(response.headers.get('content-security-policy')).has('upgrade-insecure-requests'), name).toBe(true);
    }
  });

  it('marks the session cookie Secure, HttpOnly and SameSite=Lax when signing in through /api/login and /trpc', async () => {
    const { deps, server } = await site({ PUBLIC_URL: 'https://example.org' });
    const editor = await makeUser(deps);
    const rest = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: editor.email, password: testPassword }),
    });
    const trpc = await trpcMutation(new CookieClient(server.url), 'auth.login', { email: editor.email, password: testPassword });
    for (const [face, headers] of [
      ['REST', rest.headers],
      ['tRPC', trpc.headers],
    ] as const) {
      const session = headers.getSetCookie().find((line) => line.startsWith('session='));
      expect(session, face).toMatch(/;\s*Secure/i);
      expect(session, face).toMatch(/;\s*HttpOnly/i);
      expect(session, face).toMatch(/;\s*SameSite=Lax/i);
      const xsrf = headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='));
      expect(xsrf, face).toMatch(/;\s*Secure/i);
    }
  });
});
