import { describe, expect, it } from 'vitest';
import { editionSent, editionsTo, queuedEditionForProcesses, waitUntil } from '../setup/newsletter-kit.ts';

/**
 * The sending process dies without warning (SIGKILL) in the middle of an edition, and the server
 * is started again: the queue in the database carries the edition on. Real server processes, a
 * real SMTP server, the run's engine (SQLite or PostgreSQL).
 */
const processes = queuedEditionForProcesses();

describe('a sending process killed mid-send', () => {
  it('goes on after a restart: every confirmed reader receives the edition, only the mail in flight can arrive twice, and new mail leaves at once', async () => {
    // A short lease: the claims of the killed process lapse a second after it dies.
    const { env, site, smtp, readers, id, caller } = await processes.queue('crash', { MAIL_LEASE_SECONDS: '1', MAIL_RETRY_SECONDS: '0.2' });
    // Each mail takes a while at the server, so the kill finds one in flight.
    smtp.hold(60);

    // The edition was queued here; the server process sends it as soon as it starts.
    const first = await processes.start(env);
    await waitUntil(() => smtp.received.length >= 7, 'the first mails');
    first.process.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    // The mail in flight at the kill may still be accepted by the server (it had it all).
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(smtp.received.length).toBeLessThan(readers.length);

    const second = await processes.start(env);
    await waitUntil(() => editionSent(site, id), 'the edition to be sent');
    const copies = Object.fromEntries(readers.map((email) => [email, editionsTo(smtp, email).length]));
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
    await waitUntil(() => smtp.to('late@example.org').length > 0, 'the confirmation mail', 4_000);
    expect(Date.now() - asked).toBeLessThan(2_000);
  }, 60_000);
});
