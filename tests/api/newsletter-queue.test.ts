import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsletterDeliveries, newsletterSubscribers } from '../../src/server/db/schema.ts';
import { BOUNCE_AFTER, MAX_ATTEMPTS } from '../../src/server/mail/queue.ts';
import { publicCaller } from '../setup/callers.ts';
import { clientErrorOf } from '../setup/errors.ts';
import {
  confirmationsTo,
  deliveriesOfEdition,
  drain,
  draftEdition,
  editionsTo,
  expectOneCopyEachIn,
  insertConfirmedReaders,
  mailSiteForEachTest,
  ORIGIN,
  senderOn,
  subscriberRow,
  unsubscribeLinkOf,
} from '../setup/newsletter-kit.ts';
import { TestClock } from '../setup/test-clock.ts';

const site = mailSiteForEachTest();

const deliveriesOf = (id: number) => deliveriesOfEdition(site.deps, id);
const expectOneCopyEach = (emails: readonly string[]) => expectOneCopyEachIn(site, emails);

/** A clock at the start of a minute from now on, so a test's turns share a minute's allowance. */
const minuteClock = () => new TestClock(new Date(Math.ceil((Date.now() + 1_000) / 60_000) * 60_000 + 1_000));

describe('an edition’s queue', () => {
  it('sends one copy to each confirmed reader of a language the edition is written in, with the list headers', async () => {
    const en = await insertConfirmedReaders(site.deps, 'en', 3);
    const fa = await insertConfirmedReaders(site.deps, 'fa', 2);
    await publicCaller(site.deps).newsletter.subscribe({ email: 'pending@example.org' });
    const { id, caller } = await draftEdition(site.deps);
    expect(await caller.newsletters.send({ id })).toMatchObject({ state: 'sending', recipients: 5, remaining: 5 });
    await drain(site.deps.mail);

    expectOneCopyEach([...en, ...fa]);
    expect(editionsTo(site.smtp, 'pending@example.org')).toEqual([]);
    for (const email of [...en, ...fa]) {
      const [mail] = editionsTo(site.smtp, email);
      const language = en.includes(email) ? 'en' : 'fa';
      expect(mail!.parsed.subject).toBe(language === 'en' ? 'This week on the site' : 'این هفته در سایت');
      expect(mail!.header('content-language')).toBe(language);
      expect(mail!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail!.header('precedence')).toBe('bulk');
      expect(mail!.header('x-mailer')).toBeUndefined();
      // The header names this reader's own token, on the site's address, in the reader's language.
      const { url, token } = unsubscribeLinkOf(mail!);
      expect(url).toBe(`${ORIGIN}/newsletter/unsubscribe/${token}?lang=${language}`);
      expect((await subscriberRow(site.deps, email))?.unsubscribeToken).toBe(token);
      // The visible link of the footer is the same address, in both parts.
      expect(mail!.parsed.html).toContain(`href="${url}"`);
      expect(mail!.parsed.text).toContain(url);
    }
    expect(await caller.newsletters.progress({ id })).toEqual({ state: 'sent', recipients: 5, sent: 5, failed: 0, skipped: 0, remaining: 0 });
    // Sent is sent: it cannot be sent again, nor changed.
    expect((await clientErrorOf(site.deps, caller.newsletters.send({ id }))).code).toBe('CONFLICT');
    expect((await clientErrorOf(site.deps, caller.newsletters.update({ id, subjectEn: 'Changed' }))).code).toBe('CONFLICT');
  });

  it('queues an edition written in one language for that language’s readers only', async () => {
    const en = await insertConfirmedReaders(site.deps, 'en', 2);
    const fa = await insertConfirmedReaders(site.deps, 'fa', 2);
    const { id, caller } = await draftEdition(site.deps, { en: false });
    expect(await caller.newsletters.send({ id })).toMatchObject({ recipients: 2 });
    await drain(site.deps.mail);
    expectOneCopyEach(fa);
    for (const email of en) expect(site.smtp.to(email)).toEqual([]);
  });

  it('gives readers confirmed before unsubscribe links existed a token of their own with their first edition', async () => {
    const [legacy] = await insertConfirmedReaders(site.deps, 'en', 1);
    await site.deps.db.transaction((tx) => tx.update(newsletterSubscribers).set({ unsubscribeToken: null }).where(eq(newsletterSubscribers.email, legacy!)));
    const { id, caller } = await draftEdition(site.deps);
    await caller.newsletters.send({ id });
    await drain(site.deps.mail);
    const { token } = unsubscribeLinkOf(editionsTo(site.smtp, legacy!)[0]!);
    expect((await subscriberRow(site.deps, legacy!))?.unsubscribeToken).toBe(token);
  });
});

describe('temporary refusals (4xx)', () => {
  it('are tried again after a wait that doubles, and each reader receives the edition once', async () => {
    const clock = minuteClock();
    const sender = senderOn(site.deps, clock, { MAIL_RETRY_SECONDS: 60 });
    try {
      const readers = await insertConfirmedReaders(site.deps, 'en', 3);
      const { id, caller } = await draftEdition(site.deps);
      await caller.newsletters.send({ id });

      site.smtp.refuse(421, 1);
      // The server refused for now: the rest of the claim waits untried, and the sender pauses.
      expect(await sender.turn()).toBeGreaterThan(0);
      expect(site.smtp.received).toEqual([]);
      let rows = await deliveriesOf(id);
      expect(rows[0]).toMatchObject({ state: 'queued', attempts: 1, leaseUntil: null, error: '421: Try again later' });
      expect(rows[0]!.nextAt.getTime()).toBe(clock.now().getTime() + 60_000);
      for (const row of rows.slice(1)) expect(row).toMatchObject({ state: 'queued', attempts: 0, leaseUntil: null });

      // The others go at once; the refused one waits for its time.
      await sender.turn();
      expect(site.smtp.received).toHaveLength(2);
      await sender.turn();
      expect(site.smtp.received).toHaveLength(2);

      site.smtp.refuse(451, 1);
      await clock.advance(60_000);
      await sender.turn();
      rows = await deliveriesOf(id);
      expect(rows[0]).toMatchObject({ state: 'queued', attempts: 2, error: '451: Try again later' });
      expect(rows[0]!.nextAt.getTime()).toBe(clock.now().getTime() + 120_000);

      await clock.advance(119_000);
      await sender.turn();
      expect(site.smtp.received).toHaveLength(2);
      await clock.advance(1_000);
      await sender.turn();
      expectOneCopyEach(readers);
      rows = await deliveriesOf(id);
      expect(rows[0]).toMatchObject({ state: 'sent', attempts: 3, error: null });
      expect(await caller.newsletters.progress({ id })).toMatchObject({ state: 'sent', sent: 3, failed: 0 });
    } finally {
      await sender.stop();
    }
  });

  it('fail the mail after the last try, and the edition still finishes', async () => {
    const clock = minuteClock();
    const sender = senderOn(site.deps, clock, { MAIL_RETRY_SECONDS: 60 });
    try {
      const [reader] = await insertConfirmedReaders(site.deps, 'en', 1);
      const { id, caller } = await draftEdition(site.deps);
      await caller.newsletters.send({ id });
      site.smtp.refuse(451, 2);
      await sender.turn();
      expect((await deliveriesOf(id))[0]).toMatchObject({ state: 'queued', attempts: 1 });
      // As if all tries but the last had been refused (each waits up to six hours).
      await site.deps.db.transaction((tx) =>
        tx
          .update(newsletterDeliveries)
          .set({ attempts: MAX_ATTEMPTS - 1 })
          .where(eq(newsletterDeliveries.newsletterId, id)),
      );
      await clock.advance(7 * 3_600_000);
      await sender.turn();
      expect(site.smtp.to(reader!)).toEqual([]);
      expect((await deliveriesOf(id))[0]).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, error: '451: Try again later' });
      expect(await caller.newsletters.progress({ id })).toMatchObject({ state: 'sent', sent: 0, failed: 1, remaining: 0 });
      // A temporary failure says nothing about the address: it stays confirmed.
      expect((await subscriberRow(site.deps, reader!))?.state).toBe('confirmed');
    } finally {
      await sender.stop();
    }
  });
});

describe('permanent refusals (5xx)', () => {
  it('are recorded for that address without the address, and mark it bounced after three editions in a row', async () => {
    const [good, bad, flaky] = await insertConfirmedReaders(site.deps, 'en', 3);
    site.smtp.refuseRecipient(bad!, 550);
    site.smtp.refuseRecipient(flaky!, 550);
    const editions: number[] = [];
    for (let edition = 1; edition <= BOUNCE_AFTER; edition++) {
      // The flaky address accepts the third edition: a success starts its count again.
      if (edition === BOUNCE_AFTER) site.smtp.refuseRecipient(flaky!, 0);
      const { id, caller } = await draftEdition(site.deps);
      editions.push(id);
      await caller.newsletters.send({ id });
      await drain(site.deps.mail);
      expect(await caller.newsletters.progress({ id })).toMatchObject({
        state: 'sent',
        recipients: 3,
        sent: edition === BOUNCE_AFTER ? 2 : 1,
        failed: edition === BOUNCE_AFTER ? 1 : 2,
      });
      const badRow = (await site.deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, bad!)))[0]!;
      expect(badRow).toMatchObject({ permanentFailures: edition, state: edition < BOUNCE_AFTER ? 'confirmed' : 'bounced' });
    }
    expect(editionsTo(site.smtp, good!)).toHaveLength(BOUNCE_AFTER);
    expect(editionsTo(site.smtp, bad!)).toEqual([]);
    expect(await subscriberRow(site.deps, flaky!)).toMatchObject({ state: 'confirmed', permanentFailures: 0 });

    // Each failure was tried once, and its text keeps the server's words without the address.
    const failed = (await Promise.all(editions.map(deliveriesOf))).flat().filter((row) => row.state === 'failed');
    expect(failed).toHaveLength(2 * BOUNCE_AFTER - 1);
    for (const row of failed) {
      expect(row.attempts).toBe(1);
      expect(row.error).toMatch(/^550: /);
      expect(row.error).toContain('(address): no such mailbox');
      for (const email of [bad!, flaky!]) expect(row.error).not.toContain(email.split('@')[0]);
    }

    // A bounced address is not queued again.
    const { id, caller } = await draftEdition(site.deps);
    expect(await caller.newsletters.send({ id })).toMatchObject({ recipients: 2 });
  });

  it('refused at the end of the message count for that reader alone', async () => {
    const readers = await insertConfirmedReaders(site.deps, 'en', 2);
    const { id, caller } = await draftEdition(site.deps);
    await caller.newsletters.send({ id });
    site.smtp.refuse(554, 1);
    await drain(site.deps.mail);
    const rows = await deliveriesOf(id);
    expect(rows.map((row) => row.state)).toEqual(['failed', 'sent']);
    expect(rows[0]).toMatchObject({ attempts: 1, error: '554: Rejected' });
    expect(editionsTo(site.smtp, readers[1]!)).toHaveLength(1);
    expect(await subscriberRow(site.deps, readers[0]!)).toMatchObject({ state: 'confirmed', permanentFailures: 1 });
  });
});

describe('the rate limit (MAIL_RATE_PER_MINUTE)', () => {
  it('is kept across turns and nodes, confirmations included, and the rest leaves the next minute', async () => {
    const clock = minuteClock();
    const one = senderOn(site.deps, clock, { MAIL_RATE_PER_MINUTE: 3 });
    const other = senderOn(site.deps, clock, { MAIL_RATE_PER_MINUTE: 3 });
    try {
      const readers = await insertConfirmedReaders(site.deps, 'en', 5);
      const { id, caller } = await draftEdition(site.deps);
      await caller.newsletters.send({ id });

      expect(await one.turn()).toBe(0);
      expect(site.smtp.received).toHaveLength(3);
      // The minute's allowance is spent, on this node and on the other: both wait a little and look again.
      const wait = await one.turn();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(1_000);
      await other.turn();
      expect(site.smtp.received).toHaveLength(3);
      // A reader subscribes meanwhile: the confirmation waits for the next minute too, then goes first.
      await publicCaller(site.deps, { lang: 'fa' }).newsletter.subscribe({ email: 'newcomer@example.org' });
      await one.turn();
      expect(site.smtp.received).toHaveLength(3);

      await clock.advance(59_000);
      await other.turn();
      expect(site.smtp.received).toHaveLength(6);
      expect(site.smtp.received[3]!.to).toBe('newcomer@example.org');
      expect(await one.turn()).toBeGreaterThan(0);
      expect(site.smtp.received).toHaveLength(6);

      await clock.advance(60_000);
      await one.turn();
      expectOneCopyEach(readers);
      expect(confirmationsTo(site.smtp, 'newcomer@example.org')).toHaveLength(1);
      expect(await caller.newsletters.progress({ id })).toMatchObject({ state: 'sent', sent: 5 });
    } finally {
      await one.stop();
      await other.stop();
    }
  });
});
