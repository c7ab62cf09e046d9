import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reportOf, reportOnSignal, startBuiltServer, stopChildServer, type ChildServer } from '../setup/child-server.ts';

let server: ChildServer | null = null;
afterEach(async () => {
  if (server) await stopChildServer(server);
  server = null;
});

/**
 * The server renderer (dist/server) as `npm start` loads it: in this project, whose run builds the
 * client and its renderer (tests/setup/global-build.ts), not only the web process.
 */
describe('the built web process’s server renderer', () => {
  it('renders with React’s production build when started as the README says, with no NODE_ENV set', async () => {
    // The CommonJS files the process ran (React's builds are CommonJS). An ESM import of a CommonJS
    // package also reads the files it re-exports to name their exports, both builds' alike, without
    // running them: those are not marked loaded.
    const ran = `(() => { const cache = process.getBuiltinModule('node:module')._cache; return Object.keys(cache).filter((file) => cache[file].loaded); })()`;
    server = await startBuiltServer({ NODE_ENV: undefined }, { nodeArgs: reportOnSignal(ran) });
    const page = await fetch(`${server.url}/about`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="page-title"');
    const loaded = await reportOf<string[]>(server);
    const reactBuilds = loaded.filter((file) => /[\\/]react(-dom)?[\\/]cjs[\\/]/.test(file)).map((file) => path.basename(file));
    expect(reactBuilds).toContain('react-dom-server-legacy.node.production.js');
    expect(reactBuilds.filter((file) => file.includes('development'))).toEqual([]);
  });
});
