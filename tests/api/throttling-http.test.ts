import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { uploads } from '../../src/server/db/schema.ts';
import { makeImageFile, makeUser, testPassword } from '../factories/index.ts';
import { publicCaller } from '../setup/callers.ts';
import { CookieClient, startServer, type TestServer } from '../setup/http.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { trpcMutation } from '../setup/trpc-http.ts';

let deps: TestDeps;
let server: TestServer;
async function start(env: Record<string, string> = {}) {
  deps = createTestDeps(env);
  server = await startServer(deps);
}
afterEach(async () => {
  await server.close();
  await deps.cleanup();
});

describe('login throttling over HTTP', () => {
  it('after five wrong passwords makes the sixth attempt wait, even with the right password, and says how long', async () => {
    await start();
    const editor = await makeUser(deps);
    const browser = new CookieClient(server.url);
    for (let i = 0; i < 5; i += 1) expect((await trpcMutation(browser, 'auth.login', { email: editor.email, password: `wrong ${i}` })).status).toBe(401);
    const held = await trpcMutation(browser, 'auth.login', { email: editor.email, password: testPassword });
    expect(held.status).toBe(429);
    expect(held.error).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Please wait a little and try again.' });
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(browser.cookies.has('session')).toBe(false);
  });
});

describe('rate limits over HTTP', () => {
  it('limits a visitor’s public writes per hour and says when to come back', async () => {
    await start({ RATE_LIMIT_PUBLIC_WRITES: '2' });
    const browser = new CookieClient(server.url);
    const send = (i: number) => trpcMutation(browser, 'newsletter.subscribe', { email: `reader${i}@example.org` });
    expect((await send(1)).status).toBe(200);
    expect((await send(2)).status).toBe(200);
    const refused = await send(3);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Direct calls (no address) are not counted.
    await expect(publicCaller(deps).newsletter.subscribe({ email: 'direct@example.org' })).resolves.toMatchObject({ success: true });
  });

  it('limits a visitor’s uploads per hour and stores nothing past the limit', async () => {
    await start({ RATE_LIMIT_UPLOADS: '1' });
    const browser = new CookieClient(server.url);
    const post = async () => {
      const form = new FormData();
      form.set('file', new Blob([fs.readFileSync(await makeImageFile(deps))]), 'a.png');
      return browser.fetch('/api/uploads', { method: 'POST', body: form });
    };
    expect((await post()).status).toBe(201);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await deps.db.select().from(uploads)).toHaveLength(1);
  });
});
