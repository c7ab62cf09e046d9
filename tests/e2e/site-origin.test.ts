import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContent } from '../factories/index.ts';
import { startSite, type Site } from './support/site.ts';

let site: Site;
let newsId: number;
beforeAll(async () => {
  site = await startSite({ PORT: '3000' });
  newsId = (await makeContent(site.deps, 'news')).id;
});
afterAll(() => site?.close());

function pageWithHost(pathname: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${site.url}${pathname}`, { headers: { host, 'accept-encoding': 'identity' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks).toString()));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('a site started without PUBLIC_URL', () => {
  it('names only its loopback default in canonical links and share tags, whatever Host a request names, so no cached page carries a forged address', async () => {
    for (const pathname of ['/', `/news/${newsId}`, `/news/${newsId}?lang=fa`]) {
      const forged = await pageWithHost(pathname, 'attacker.example');
      expect(forged, pathname).not.toContain('attacker.example');
      expect(forged, pathname).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\//);
      expect(forged, pathname).toMatch(/<meta property="og:url" content="http:\/\/localhost:3000\//);
      // A later reader under the real name is not handed the forged page either.
      expect(await pageWithHost(pathname, 'news.example.org'), pathname).not.toContain('attacker.example');
    }
  });
});
