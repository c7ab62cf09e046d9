import { afterEach, describe, expect, it } from 'vitest';
import { reportOf, reportOnSignal, startBuiltServer, stopChildServer, type ChildServer } from '../setup/child-server.ts';

let server: ChildServer | null = null;
afterEach(async () => {
  if (server) await stopChildServer(server);
  server = null;
});

interface Loaded {
  /** Node's fetch and WebSocket client (internal/deps/undici). */
  undici: boolean;
  /** Packages any module was resolved from, by name. */
  packages: string[];
}

// Every module the server resolves (import and require alike), recorded before its own modules load.
const recordResolved = `import { registerHooks } from 'node:module';
globalThis.resolvedUrls = new Set();
registerHooks({ resolve(specifier, context, nextResolve) { const result = nextResolve(specifier, context); globalThis.resolvedUrls.add(result.url); return result; } });`;
const loaded = `({
  undici: process.moduleLoadList.some((name) => name.includes('deps/undici')),
  packages: [...new Set([...globalThis.resolvedUrls].map((url) => (/node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(url) ?? [])[1]).filter(Boolean))],
})`;

/**
 * What stays in the web process's memory for as long as it runs is what it loaded: a reader's pages
 * must not load what only uploads, forms with files or a WebSocket need (src/server/lazy-builtins.ts,
 * src/server/uploads/multer.ts).
 */
describe('modules the built web process loads', () => {
  it('leaves the upload parsers and Node’s WebSocket client unloaded until something needs them', async () => {
    server = await startBuiltServer({}, { nodeArgs: reportOnSignal(loaded, recordResolved) });
    for (const address of ['/', '/latestnews?lang=fa', '/api/news', '/trpc/news.list?input=' + encodeURIComponent(JSON.stringify({ json: { page: 1 } }))]) {
      expect((await fetch(`${server.url}${address}`)).status, address).toBe(200);
    }
    const reading = await reportOf<Loaded>(server);
    // The record works: what every page needs is in it.
    expect(reading.packages).toEqual(expect.arrayContaining(['express', 'react-dom', '@trpc/server', 'zod']));
    expect(reading.undici).toBe(false);
    expect(reading.packages.filter((name) => ['multer', 'busboy', 'file-type'].includes(name))).toEqual([]);

    // A mail program's one-click unsubscribe as multipart, the form RFC 8058 recommends: multer loads then.
    const form = new FormData();
    form.append('List-Unsubscribe', 'One-Click');
    const oneClick = await fetch(`${server.url}/newsletter/unsubscribe/${'a'.repeat(43)}`, { method: 'POST', body: form });
    expect(oneClick.status).toBe(200);
    // An unknown token gets the same answer as a known one: the answer tells nobody which tokens exist.
    expect(await oneClick.text()).toBe('Unsubscribed.\n');
    expect((await reportOf<Loaded>(server)).packages).toEqual(expect.arrayContaining(['multer', 'busboy']));
  });
});
