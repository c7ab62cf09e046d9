import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { unsubscribe } from '../../src/server/mail/subscriptions.ts';
import { clientErrorOf } from '../setup/errors.ts';
import {
  deliveriesOfEdition,
  drain,
  draftEdition,
  expectOneCopyEachIn,
  insertConfirmedReaders,
  mailSiteForEachTest,
  senderOn,
  subscriberRow,
} from '../setup/newsletter-kit.ts';

/**
 * What happens to an edition's queue while it is being sent: a pause, readers leaving, several
 * nodes taking their turns, a server that stops answering. The queue's own rules (one copy each,
 * retries, failures, the rate) are newsletter-queue.test.ts.
 */
const site = mailSiteForEachTest();

const deliveriesOf = (id: number) => deliveriesOfEdition(site.deps, id);
const expectOneCopyEach = (emails: readonly string[]) => expectOneCopyEachIn(site, emails);

describe('pausing and resuming an edition', () => {
  it('holds what is queued until resumed, then sends the rest once', async () => {
    const readers = await insertConfirmedReaders(site.deps, 'en', 4);
    const { id, caller } = await draftEdition(site.deps);
    await caller.newsletters.send({ id });
    expect(await caller.newsletters.pause({ id })).toMatchObject({ state: 'paused', remaining: 4 });
    await site.deps.mail.turn();
    expect(site.smtp.received).toEqual([]);
    expect((await clientErrorOf(site.deps, caller.newsletters.pause({ id }))).code).toBe('CONFLICT');
    expect((await clientErrorOf(site.deps, caller.newsletters.delete({ id }))).code).toBe('CONFLICT');
    expect(await caller.newsletters.resume({ id })).toMatchObject({ state: 'sending', remaining: 4 });
    expect((await clientErrorOf(site.deps, caller.newsletters.resume({ id }))).code).toBe('CONFLICT');
    await drain(site.deps.mail);
    expectOneCopyEach(readers);
    expect(await caller.newsletters.progress({ id })).toMatchObject({ state: 'sent', sent: 4 });
  });

  it('lets only the mail in flight leave after a pause pressed mid-send', async () => {
    const readers = await insertConfirmedReaders(site.deps, 'en', 6);
    const { id, caller } = await draftEdition(site.deps);
    await caller.newsletters.send({ id });
    site.smtp.hold(150);
    const turning = site.deps.mail.turn();
    await site.smtp.waitFor(1);
    await caller.newsletters.pause({ id });
    await turning;
    site.smtp.hold(0);
    expect(site.smtp.received.length).toBeLessThanOrEqual(2);
    const paused = await caller.newsletters.progress({ id });
    expect(paused).toMatchObject({ state: 'paused', sent: site.smtp.received.length, remaining: 6 - site.smtp.received.length });
    await site.deps.mail.turn();
    expect(site.smtp.received.length).toBe(paused.sent);

    await caller.newsletters.resume({ id });
    await drain(site.deps.mail);
    expectOneCopyEach(readers);
  });
});

describe('readers who unsubscribe while an edition is sent', () => {
  it('receive nothing more, even when their copy was already claimed', async () => {
    const readers = await insertConfirmedReaders(site.deps, 'en', 4);
    const { id, caller } = await draftEdition(site.deps);
    await caller.newsletters.send({ id });
    const leaving = readers.at(-1)!;
    const token = (await subscriberRow(site.deps, leaving))!.unsubscribeToken!;
    site.smtp.hold(100);
    const turning = site.deps.mail.turn();
    await site.smtp.waitFor(1);
    expect(await unsubscribe(site.deps.db, token, new Date())).toBe(true);
    await turning;
    site.smtp.hold(0);
    await drain(site.deps.mail);
    expect(site.smtp.to(leaving)).toEqual([]);
    expectOneCopyEach(readers.slice(0, -1));
    expect(await caller.newsletters.progress({ id })).toMatchObject({ state: 'sent', sent: 3, skipped: 1, remaining: 0 });
  });

  it('finish the edition when the last readers it waited for unsubscribe before their copies leave', async () => {
    const readers = await insertConfirmedReaders(site.deps, 'en', 2);
    const { id, caller } = await draftEdition(site.deps);
    await caller.newsletters.send({ id });
    await caller.newsletters.pause({ id });
    for (const email of readers) expect(await unsubscribe(site.deps.db, (await subscriberRow(site.deps, email))!.unsubscribeToken!, new Date())).toBe(true);
    expect(await caller.newsletters.progress({ id })).toMatchObject({ state: 'sent', recipients: 2, sent: 0, skipped: 2, remaining: 0 });
    expect((await clientErrorOf(site.deps, caller.newsletters.resume({ id }))).code).toBe('CONFLICT');

    const [last] = await insertConfirmedReaders(site.deps, 'fa', 1);
    const second = await draftEdition(site.deps);
    await second.caller.newsletters.send({ id: second.id });
    await unsubscribe(site.deps.db, (await subscriberRow(site.deps, last!))!.unsubscribeToken!, new Date());
    expect(await second.caller.newsletters.progress({ id: second.id })).toMatchObject({ state: 'sent', skipped: 1, remaining: 0 });
    await site.deps.mail.turn();
    expect(site.smtp.received).toEqual([]);
  });
});

describe('several nodes sending one edition', () => {
  it('send each copy once when their turns run at the same time', async () => {
    const readers = await insertConfirmedReaders(site.deps, 'en', 12);
    const { id, caller } = await draftEdition(site.deps);
    await caller.newsletters.send({ id });
    const nodes = [site.deps.mail, senderOn(site.deps)];
    try {
      await Promise.all(nodes.map((node) => drain(node)));
    } finally {
      for (const node of nodes.slice(1)) await node.stop();
    }
    expectOneCopyEach(readers);
    expect(site.smtp.received).toHaveLength(12);
    expect(await caller.newsletters.progress({ id })).toMatchObject({ state: 'sent', sent: 12 });
  });

  it('send each copy once when a slow server makes a node’s claim outlast its lease', async () => {
    const readers = await insertConfirmedReaders(site.deps, 'en', 10);
    const { id, caller } = await draftEdition(site.deps);
    await caller.newsletters.send({ id });
    // Ten mails claimed at once, at least 60 ms each, held for 0.3 s: the last ones lapse while the
    // first node still holds them, and the second node finds them free.
    site.smtp.hold(60);
    const nodes = [senderOn(site.deps, undefined, { MAIL_LEASE_SECONDS: 0.3 }), senderOn(site.deps, undefined, { MAIL_LEASE_SECONDS: 0.3 })];
    try {
      const first = drain(nodes[0]!);
      await new Promise((resolve) => setTimeout(resolve, 400));
      await Promise.all([first, drain(nodes[1]!)]);
    } finally {
      for (const node of nodes) await node.stop();
    }
    expectOneCopyEach(readers);
    expect(await caller.newsletters.progress({ id })).toMatchObject({ state: 'sent', sent: 10 });
  });
});

describe('an SMTP server that does not answer', () => {
  it('fails the mail for now within the lease, and it stays queued for another try', async () => {
    // Accepts the connection and never says a word.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const sender = senderOn(site.deps, undefined, { SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`, MAIL_LEASE_SECONDS: 3 });
    try {
      await insertConfirmedReaders(site.deps, 'en', 2);
      const { id, caller } = await draftEdition(site.deps);
      await caller.newsletters.send({ id });
      const started = Date.now();
      const turn = await Promise.race([sender.turn(), new Promise<string>((resolve) => setTimeout(() => resolve('still waiting'), 6_000))]);
      expect(turn).not.toBe('still waiting');
      expect(Date.now() - started).toBeLessThan(3_000);
      const rows = await deliveriesOf(id);
      expect(rows[0]).toMatchObject({ state: 'queued', attempts: 1, leaseUntil: null });
      expect(rows[0]!.error).toMatch(/timeout|timed out/i);
      expect(rows[1]).toMatchObject({ state: 'queued', attempts: 0, leaseUntil: null });
    } finally {
      await sender.stop();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
