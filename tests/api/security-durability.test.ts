import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteIntegrity } from '../../src/server/backup/database-file-sqlite.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { contactMessages, newsletterSubscribers, stories } from '../../src/server/db/schema.ts';
import { startChildServer, stopChildServer, type ChildServer } from '../setup/child-server.ts';
import { runDir } from '../setup/paths.ts';
import { freshDatabaseUrl, testDialect } from '../setup/test-db.ts';

const servers: ChildServer[] = [];
let dir: string | undefined;
afterEach(async () => {
  for (const server of servers.splice(0)) await stopChildServer(server);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

type Kind = 'contact' | 'subscribe' | 'story';
interface Accepted {
  kind: Kind;
  marker: string;
}

/** One public form submission, alternately through /trpc and /api; answers whether it was accepted. */
async function submit(url: string, kind: Kind, marker: string, viaTrpc: boolean): Promise<boolean> {
  const body =
    kind === 'contact'
      ? { name: 'Durable visitor', email: 'visitor@example.org', message: marker }
      : kind === 'subscribe'
        ? { email: `${marker}@example.org` }
        : { title: marker, description: 'A story sent while the server dies.' };
  const target = viaTrpc
    ? `/trpc/${kind === 'contact' ? 'contacts.create' : kind === 'subscribe' ? 'newsletter.subscribe' : 'stories.create'}`
    : `/api/${kind === 'story' ? 'story' : kind}`;
  const response = await fetch(url + target, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(viaTrpc ? { json: body } : body),
  });
  await response.arrayBuffer();
  return response.ok;
}

describe('durability of the public forms', () => {
  it('keeps every submission it answered with success when the process is killed mid-load, with an intact database', async () => {
    dir = path.join(runDir, `durable-${randomBytes(4).toString('hex')}`);
    fs.mkdirSync(dir, { recursive: true });
    const env = { DATABASE_URL: freshDatabaseUrl(dir), STORAGE_DIR: path.join(dir, 'storage'), RATE_LIMIT_PUBLIC_WRITES: '0', RATE_LIMIT_UPLOADS: '0' };
    const first = await startChildServer(dir, env);
    servers.push(first);

    const accepted: Accepted[] = [];
    let failures = 0;
    const kinds: Kind[] = ['contact', 'subscribe', 'story'];
    const loop = async (loopId: number) => {
      for (let n = 0; ; n += 1) {
        const kind = kinds[(loopId + n) % 3]!;
        const marker = `durable-${loopId}-${n}-${randomBytes(3).toString('hex')}`;
        try {
          if (await submit(first.url, kind, marker, n % 2 === 0)) accepted.push({ kind, marker });
          else failures += 1;
        } catch {
          return; // the server is gone
        }
      }
    };
    const loops = [0, 1, 2, 3].map(loop);
    // Kill it without warning once the load is well under way, with requests in flight.
    while (accepted.length < 120 && first.process.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 20));
    first.process.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    await Promise.all(loops);
    expect(failures).toBe(0);

    const second = await startChildServer(dir, env);
    servers.push(second);
    expect(await (await fetch(`${second.url}/healthz`)).json()).toEqual({ status: 'ok' });

    // SQLite's own check of its file; a PostgreSQL server answers for its files itself.
    if (testDialect === 'sqlite') expect(sqliteIntegrity(env.DATABASE_URL)).toBe('ok');
    const db = openDatabase(env.DATABASE_URL);
    const [messages, titles, emails] = await Promise.all([
      db.select({ value: contactMessages.message }).from(contactMessages),
      db.select({ value: stories.title }).from(stories),
      db.select({ value: newsletterSubscribers.email }).from(newsletterSubscribers),
    ]).then((tables) => tables.map((rows) => new Set(rows.map((row) => row.value))) as [Set<string>, Set<string>, Set<string>]);
    await db.close();
    const missing = accepted.filter(
      ({ kind, marker }) => !(kind === 'contact' ? messages : kind === 'story' ? titles : emails).has(kind === 'subscribe' ? `${marker}@example.org` : marker),
    );
    expect(missing).toEqual([]);
    expect(accepted.length).toBeGreaterThanOrEqual(120);
  }, 60_000);
});
