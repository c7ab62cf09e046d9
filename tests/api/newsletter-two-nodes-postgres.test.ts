import { describe, expect, it } from 'vitest';
import { editionSent, editionsTo, queuedEditionForProcesses, waitUntil } from '../setup/newsletter-kit.ts';

/**
 * Two server processes of one site on one PostgreSQL database send one edition together: each
 * copy is sent by one of them, every reader receives it exactly once. Runs in the PostgreSQL
 * project only.
 */
const processes = queuedEditionForProcesses();

describe('two nodes on one PostgreSQL database sending one edition', () => {
  it('send each copy from one node only: every reader receives the edition exactly once', async () => {
    // A slow server and a short lease: a node's claim of ten mails outlasts its lease while it is
    // still sending them one after another, so the other node finds them free to take.
    const { env, site, smtp, readers, id, caller } = await processes.queue('two-senders', { MAIL_LEASE_SECONDS: '1' });
    smtp.hold(120);

    // Each node signs its mails with a name of its own, to tell who sent what.
    await Promise.all([
      processes.start({ ...env, MAIL_FROM: 'Node A <news@example.org>' }),
      processes.start({ ...env, MAIL_FROM: 'Node B <news@example.org>' }),
    ]);
    await waitUntil(() => editionSent(site, id), 'the edition to be sent', 30_000);

    const copies = Object.fromEntries(readers.map((email) => [email, editionsTo(smtp, email).length]));
    expect(copies).toEqual(Object.fromEntries(readers.map((email) => [email, 1])));
    expect(smtp.received).toHaveLength(readers.length);
    // Both took part.
    expect(new Set(smtp.received.map((mail) => mail.parsed.from?.value[0]?.name))).toEqual(new Set(['Node A', 'Node B']));
    expect(await caller.newsletters.progress({ id })).toMatchObject({ state: 'sent', recipients: readers.length, sent: readers.length, remaining: 0 });
  }, 60_000);
});
