import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { envFor, publicUrlWarning, siteOrigin } from '../../src/server/env.ts';
import { makeContent } from '../factories/index.ts';
import { startChildServer, stopChildServer } from '../setup/child-server.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';
import { newTestDir } from '../setup/test-db.ts';

const sites = sitesStartedInTests();

/** A GET naming any Host, as a forged request (or a misrouted proxy) can. */
function getWithHost(base: string, pathname: string, host: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${pathname}`, { headers: { host, 'accept-encoding': 'identity' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString(), headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

const addresses = ['/sitemap.xml', '/robots.txt', '/rss/en/news.xml', '/rss/fa/reports.xml'];

describe('the address the site names itself by', () => {
  it('is PUBLIC_URL, else ONION_URL, else a loopback address; never anything a request says', () => {
    expect(siteOrigin(envFor({ PUBLIC_URL: 'https://news.example.org/', ONION_URL: 'http://abc.onion' }))).toBe('https://news.example.org');
    expect(siteOrigin(envFor({ ONION_URL: 'http://abc.onion' }))).toBe('http://abc.onion');
    expect(siteOrigin(envFor({ PORT: '8080' }))).toBe('http://localhost:8080');
    expect(siteOrigin(envFor({ PORT: '80' }))).toBe('http://localhost');
  });

  it('without PUBLIC_URL, sitemap, robots and feeds name the loopback default whatever Host a request names, and the cache keeps one answer', async () => {
    const { deps, server } = await sites.site({ PORT: '3000' });
    await makeContent(deps, 'news', { titleEn: 'Named by the site, not the request' });
    await makeContent(deps, 'report');
    for (const pathname of addresses) {
      const forged = await getWithHost(server.url, pathname, 'attacker.example');
      expect(forged.status, pathname).toBe(200);
      expect(forged.body, pathname).not.toContain('attacker.example');
      expect(forged.body, pathname).toContain('http://localhost:3000/');
      // Asked again under the real name, the stored answer is the same bytes: nothing in it came from a Host.
      const honest = await getWithHost(server.url, pathname, 'news.example.org');
      expect(honest.body, pathname).toBe(forged.body);
      expect(honest.body, pathname).not.toContain('news.example.org');
    }
  });

  it('with PUBLIC_URL, a forged Host changes nothing either', async () => {
    const { deps, server } = await sites.site({ PUBLIC_URL: 'https://news.example.org' });
    await makeContent(deps, 'news');
    for (const pathname of addresses) {
      const forged = await getWithHost(server.url, pathname, 'attacker.example');
      expect(forged.body, pathname).not.toContain('attacker.example');
      expect(forged.body, pathname).toContain('https://news.example.org/');
    }
  });
});

describe('starting without PUBLIC_URL', () => {
  it('warns in production, and on an address other than loopback, naming the setting and the address used instead', () => {
    const production = publicUrlWarning(envFor({ NODE_ENV: 'production', HOST: '127.0.0.1' }));
    expect(production).toContain('PUBLIC_URL');
    expect(production).toContain('http://localhost:3000');
    expect(publicUrlWarning(envFor({ NODE_ENV: 'development', HOST: '0.0.0.0' }))).toContain('PUBLIC_URL');
    expect(publicUrlWarning(envFor({ NODE_ENV: 'development', HOST: '203.0.113.7' }))).toContain('PUBLIC_URL');
    expect(publicUrlWarning(envFor({ NODE_ENV: 'production', ONION_URL: 'http://abc.onion' }))).toContain('http://abc.onion');
  });

  it('stays quiet in development on a loopback address, and whenever PUBLIC_URL is set', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2'])
      expect(publicUrlWarning(envFor({ NODE_ENV: 'development', HOST: host })), host).toBeNull();
    expect(publicUrlWarning(envFor({ NODE_ENV: 'production', HOST: '0.0.0.0', PUBLIC_URL: 'https://news.example.org' }))).toBeNull();
  });

  it('prints the warning when the real server starts in production', async () => {
    const dir = newTestDir('origin');
    const child = await startChildServer(dir, { DATABASE_URL: `${dir}/site.db`, STORAGE_DIR: `${dir}/storage` });
    try {
      expect(child.output()).toMatch(/PUBLIC_URL is not set/);
    } finally {
      await stopChildServer(child);
    }
  });
});
