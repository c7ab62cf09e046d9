import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { newsletters } from '../../src/server/db/schema.ts';
import { envFor } from '../../src/server/env.ts';
import { startChildServer, stopChildServer, type ChildServer } from '../setup/child-server.ts';
import { draftEdition, editionsTo, insertConfirmedReaders, mailEnv } from '../setup/newsletter-kit.ts';
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts';
import { freshDatabaseUrl, newTestDir, testDepsIn, type TestDeps } from '../setup/test-db.ts';

/**
 * Two server processes of one site on one PostgreSQL database send one edition together: each
 * copy is sent by one of them, every reader receives it exactly once. Runs in the PostgreSQL
 * project only.
 */
const servers: ChildServer[] = [];
let smtp: TestSmtp | undefined;
let site: TestDeps | undefined;
afterEach(async () => {
  for (const server of servers.splice(0)) await stopChildServer(server);
  await site?.cleanup();
  await smtp?.close();
  site = undefined;
  smtp = undefined;
});

describe('two nodes on one PostgreSQL database sending one edition', () => {
  it('send each copy from one node only: every reader receives the edition exactly once', async () => {
    smtp = await startTestSmtp();
    // A slow server and a short lease: a node's claim of ten mails outlasts its lease while it is
    // still sending them one after another, so the other node finds them free to take.
    smtp.hold(120);
    const dir = newTestDir('two-senders');
    const { PUBLIC_URL: _, ...env } = mailEnv(smtp, {
      DATABASE_URL: freshDatabaseUrl(dir),
      STORAGE_DIR: path.join(dir, 'storage'),
      MAIL_LEASE_SECONDS: '1',
    });
    site = testDepsIn(dir, envFor(env));
    const readers = [...(await insertConfirmedReaders(site, 'en', 14)), ...(await insertConfirmedReaders(site, 'fa', 6))];
    const { id, caller } = await draftEdition(site);
    await caller.newsletters.send({ id });

    // Each node signs its mails with a name of its own, to tell who sent what.
    servers.push(
      ...(await Promise.all([
        startChildServer(dir, { ...env, MAIL_FROM: 'Node A <news@example.org>' }),
        startChildServer(dir, { ...env, MAIL_FROM: 'Node B <news@example.org>' }),
      ])),
    );
    const deadline = Date.now() + 30_000;
    while ((await site.db.select({ state: newsletters.state }).from(newsletters).where(eq(newsletters.id, id)))[0]?.state !== 'sent') {
      if (Date.now() > deadline) throw new Error(`The edition was not sent: ${smtp.received.length} of ${readers.length} mails arrived`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const copies = Object.fromEntries(readers.map((email) => [email, editionsTo(smtp!, email).length]));
    expect(copies).toEqual(Object.fromEntries(readers.map((email) => [email, 1])));
    expect(smtp.received).toHaveLength(readers.length);
    // Both took part.
    expect(new Set(smtp.received.map((mail) => mail.parsed.from?.value[0]?.name))).toEqual(new Set(['Node A', 'Node B']));
    expect(await caller.newsletters.progress({ id })).toMatchObject({ state: 'sent', recipients: readers.length, sent: readers.length, remaining: 0 });
  }, 60_000);
});
