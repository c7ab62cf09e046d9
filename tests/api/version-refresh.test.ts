import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeContent, makeImageUpload } from '../factories/index.ts';
import { sitesStartedInTests } from '../setup/per-test.ts';

const sites = sitesStartedInTests();

/**
 * Before answering, a node brings its content version up to every change another node confirmed
 * (on PostgreSQL, a read of the shared counter). Only what a change can alter pays for it: the
 * build's files, the health check and public pictures (the store says at each request whether a
 * file is public) do not wait on the database.
 */
describe('the content version is refreshed', () => {
  async function site() {
    const deps = sites.deps();
    const clientDir = path.join(deps.dir, 'client');
    fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const refreshes: string[] = [];
    const refresh = deps.cache.refresh;
    deps.cache.refresh = () => {
      refreshes.push('refresh');
      return refresh();
    };
    const server = await sites.serve(deps, { clientDir });
    const item = await makeContent(deps, 'news');
    const image = await makeImageUpload(deps);
    await deps.storage.setVisibility(image.path, 'public');
    const count = async (address: string) => {
      refreshes.length = 0;
      const response = await fetch(server.url + address);
      await response.arrayBuffer();
      expect(response.status, address).toBeLessThan(400);
      return refreshes.length;
    };
    return { count, item, picture: `/storage/${image.path}` };
  }

  it('for every read of content: a page, a REST list, a tRPC read, an item', async () => {
    const { count, item } = await site();
    for (const address of ['/', `/news/${item.id}`, '/api/news?page=1', '/trpc/news.list?input=%7B%22json%22%3A%7B%22page%22%3A1%7D%7D'])
      expect(await count(address), address).toBe(1);
  });

  it('not for the build’s scripts and icon, a public picture, nor the health check', async () => {
    const { count, picture } = await site();
    for (const address of ['/assets/app.js', '/favicon.svg', picture, '/healthz']) expect(await count(address), address).toBe(0);
  });
});
