import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startChildServer, stopChildServer, type ChildServer } from '../setup/child-server.ts';
import { runDir } from '../setup/paths.ts';
import { freshDatabaseUrl } from '../setup/test-db.ts';

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
    const dir = path.join(runDir, `built-${randomBytes(4).toString('hex')}`);
    fs.mkdirSync(dir, { recursive: true });
    // Lists the CommonJS files the process ran when it gets SIGUSR2 (React's builds are CommonJS). An
    // ESM import of a CommonJS package also reads the files it re-exports to name their exports, both
    // builds' alike, without running them: those are not marked loaded.
    const listLoaded = `import Module from 'node:module'; process.on('SIGUSR2', () => console.log('LOADED ' + JSON.stringify(Object.keys(Module._cache).filter((file) => Module._cache[file].loaded))));`;
    server = await startChildServer(
      dir,
      { DATABASE_URL: freshDatabaseUrl(dir), STORAGE_DIR: path.join(dir, 'storage'), NODE_ENV: undefined },
      { nodeArgs: ['--import', `data:text/javascript,${encodeURIComponent(listLoaded)}`] },
    );
    const page = await fetch(`${server.url}/about`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="page-title"');
    server.process.kill('SIGUSR2');
    const deadline = Date.now() + 10_000;
    while (!server.output().includes('LOADED ') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const loaded = JSON.parse(/LOADED (\[.*\])/.exec(server.output())![1]!) as string[];
    const reactBuilds = loaded.filter((file) => /[\\/]react(-dom)?[\\/]cjs[\\/]/.test(file)).map((file) => path.basename(file));
    expect(reactBuilds).toContain('react-dom-server-legacy.node.production.js');
    expect(reactBuilds.filter((file) => file.includes('development'))).toEqual([]);
  });
});
