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
 * The sending process dies without warning (SIGKILL) in the middle of an edition, and the server
 * is started again: the queue in the database carries the edition on. Real server processes, a
 * real SMTP server, the run's engine (SQLite or PostgreSQL).
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

const waitUntil = async (done: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('a sending process killed mid-send', () => {
  it('goes on after a restart: every confirmed reader receives the edition, only the mail in flight can arrive twice, and new mail leaves at once', async () => {
    smtp = await startTestSmtp();
    // Each mail takes a while at the server, so the kill finds one in flight.
    smtp.hold(60);
    const dir = newTestDir('crash');
    // A short lease: the claims of the killed process lapse a second after it dies.
    // (No PUBLIC_URL: the server then says where it listens, which is how the test finds it.)
    const { PUBLIC_URL: _, ...env } = mailEnv(smtp, {
      DATABASE_URL: freshDatabaseUrl(dir),
      STORAGE_DIR: path.join(dir, 'storage'),
      MAIL_LEASE_SECONDS: '1',
      MAIL_RETRY_SECONDS: '0.2',
    });
    site = testDepsIn(dir, envFor(env));
    const readers = [...(await insertConfirmedReaders(site, 'en', 14)), ...(await insertConfirmedReaders(site, 'fa', 6))];
    const { id, caller } = await draftEdition(site);
    // Queued here; the server process sends it as soon as it starts.
    await caller.newsletters.send({ id });

    const first = await startChildServer(dir, env);
    servers.push(first);
    await waitUntil(() => smtp!.received.length >= 7, 'the first mails');
    first.process.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    servers.splice(servers.indexOf(first), 1);
    // The mail in flight at the kill may still be accepted by the server (it had it all).
    await new Promise((resolve) => setTimeout(resolve, 150));
    const beforeRestart = smtp.received.length;
    expect(beforeRestart).toBeLessThan(readers.length);

    const second = await startChildServer(dir, env);
    servers.push(second);
    await waitUntil(
      async () => (await site!.db.select({ state: newsletters.state }).from(newsletters).where(eq(newsletters.id, id)))[0]?.state === 'sent',
      'the edition to be sent',
    );

    const copies = Object.fromEntries(readers.map((email) => [email, editionsTo(smtp!, email).length]));
    expect(
      Object.values(copies).every((count) => count >= 1),
      JSON.stringify(copies),
    ).toBe(true);
    // One reader at most got two: the one whose mail was in flight when the process died.
    expect(Object.values(copies).filter((count) => count > 1).length).toBeLessThanOrEqual(1);
    expect(Math.max(...Object.values(copies))).toBeLessThanOrEqual(2);
    expect(await caller.newsletters.progress({ id })).toMatchObject({
      state: 'sent',
      recipients: readers.length,
      sent: readers.length,
      failed: 0,
      remaining: 0,
    });

    // The restarted node wakes its sender when a reader subscribes: the confirmation leaves at once,
    // not at its next look at the queue.
    smtp.hold(0);
    const asked = Date.now();
    const response = await fetch(`${second.url}/api/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'late@example.org' }),
    });
    expect(response.status).toBe(200);
    await waitUntil(() => smtp!.to('late@example.org').length > 0, 'the confirmation mail', 4_000);
    expect(Date.now() - asked).toBeLessThan(2_000);
  }, 60_000);
});
