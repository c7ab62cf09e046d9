import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBuiltServer, stopChildServer, type ChildServer } from '../setup/child-server.ts';

let server: ChildServer | null = null;
afterEach(async () => {
  if (server) await stopChildServer(server);
  server = null;
});

/**
 * The web process as `npm start` runs it is one built file (vite.server.config.ts): what the sources
 * find beside themselves (migrations, the search thread's script) must be found from the build too.
 */
describe('the built web process', () => {
  it('migrates a new database, answers reads, and searches on its own thread', async () => {
    server = await startBuiltServer();
    expect(server.process.spawnargs.some((argument) => argument.endsWith(path.join('dist', 'node', 'index.mjs')))).toBe(true);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const list = await fetch(`${server.url}/api/news`);
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({ data: [], current_page: 1 });
    const search = await fetch(`${server.url}/trpc/search.query?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 0: { json: { q: 'rights' } } }),
    });
    expect(search.status).toBe(200);
    expect(JSON.stringify(await search.json())).toContain('"items":[]');
  });
});
