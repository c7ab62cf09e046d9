import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { housekeeping } from '../../src/server/background.ts';
import { newsletterSubscribers } from '../../src/server/db/schema.ts';
import { tokenHash } from '../../src/server/mail/queue.ts';
import { confirmSubscription, forgetUnconfirmed, unsubscribe } from '../../src/server/mail/subscriptions.ts';
import { mailWords } from '../../src/server/mail/words.ts';
import { message } from '../../src/shared/messages.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { snapshot } from '../setup/db-snapshot.ts';
import {
  address,
  confirmationsTo,
  confirmedReaders,
  confirmLinkOf,
  drain,
  draftEdition,
  editionsTo,
  mailSiteForEachTest,
  ORIGIN,
  subscriberRow,
} from '../setup/newsletter-kit.ts';

const DAY = 86_400_000;
const site = mailSiteForEachTest();

/** Moves an address's last confirmation mail back in time, as if it had left then. */
async function confirmationSentAgo(email: string, ms: number) {
  await site.deps.db.transaction((tx) =>
    tx
      .update(newsletterSubscribers)
      .set({ confirmSentAt: new Date(Date.now() - ms) })
      .where(eq(newsletterSubscribers.email, email)),
  );
}

const subscribeAs = (lang: 'en' | 'fa', email: string) => publicCaller(site.deps, { lang }).newsletter.subscribe({ email });

describe('subscribing: the confirmation mail', () => {
  it('is written in the language of the page the reader subscribed on, and links to the button page on the site’s address', async () => {
    const en = address('en');
    const fa = address('fa');
    await subscribeAs('en', en);
    await subscribeAs('fa', fa);
    // Nothing leaves while the visitor waits: the mail is queued and sent by the sender.
    expect(site.smtp.received).toHaveLength(0);
    await drain(site.deps.mail);

    for (const [email, language] of [
      [en, 'en'],
      [fa, 'fa'],
    ] as const) {
      const mails = site.smtp.to(email);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.parsed.subject).toBe(mailWords[language].confirmSubject);
      expect(mail.header('content-language')).toBe(language);
      expect(mail.parsed.from?.text).toContain('news@example.org');
      // A confirmation is not a list mail, and nothing names the software.
      expect(mail.header('list-unsubscribe')).toBeUndefined();
      expect(mail.header('x-mailer')).toBeUndefined();
      expect(mail.parsed.html).toContain(`<html lang="${language}" dir="${language === 'fa' ? 'rtl' : 'ltr'}">`);
      expect(mail.parsed.text).toContain(mailWords[language].confirmIntro);
      const link = confirmLinkOf(mail);
      expect(link.url).toBe(`${ORIGIN}/newsletter/confirm/${link.token}?lang=${language}`);
      // The same link is the button of the HTML part.
      expect(mail.parsed.html).toContain(`href="${link.url}"`);
      // The database keeps only the token's hash: a copy of it confirms nobody.
      const row = await subscriberRow(site.deps, email);
      expect(row).toMatchObject({ state: 'pending', language, confirmTokenHash: tokenHash(link.token) });
      expect(JSON.stringify(await snapshot(site.deps))).not.toContain(link.token);
    }
  });

  it('confirms the address once: the same link again confirms nothing', async () => {
    const email = address();
    await subscribeAs('fa', email);
    await drain(site.deps.mail);
    const { token } = confirmLinkOf(site.smtp.to(email)[0]!);
    expect(await confirmSubscription(site.deps.db, token, new Date())).toEqual({ language: 'fa' });
    const row = await subscriberRow(site.deps, email);
    expect(row).toMatchObject({ state: 'confirmed', confirmTokenHash: null });
    expect(row?.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await confirmSubscription(site.deps.db, token, new Date())).toBeNull();
    expect(await confirmSubscription(site.deps.db, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, new Date())).toBeNull();
  });
});

describe('only confirmed addresses receive a newsletter', () => {
  it('sends an edition to the confirmed reader and nothing to pending ones, in either language', async () => {
    const [confirmed] = await confirmedReaders(site, 'en', 1);
    const pendingEn = address('pending-en');
    const pendingFa = address('pending-fa');
    await subscribeAs('en', pendingEn);
    await subscribeAs('fa', pendingFa);
    const { id, caller } = await draftEdition(site.deps);
    expect(await caller.newsletters.send({ id })).toMatchObject({ recipients: 1 });
    // A pending reader who confirms after the edition was queued does not receive it either.
    await drain(site.deps.mail);
    await confirmSubscription(site.deps.db, confirmLinkOf(site.smtp.to(pendingFa)[0]!).token, new Date());
    await drain(site.deps.mail);

    expect(editionsTo(site.smtp, confirmed!)).toHaveLength(1);
    for (const pending of [pendingEn, pendingFa]) {
      expect(editionsTo(site.smtp, pending)).toEqual([]);
      expect(confirmationsTo(site.smtp, pending)).toHaveLength(1);
    }
    expect(await caller.newsletters.progress({ id })).toMatchObject({ state: 'sent', recipients: 1, sent: 1 });
  });
});

describe('subscribing again', () => {
  it('answers word for word as for a new address whatever the address’s state, and mails nothing new', async () => {
    const expected = { success: true, message: message('fa', 'subscribed') };
    const [confirmed] = await confirmedReaders(site, 'fa', 1);
    const pending = address('pending');
    expect(await subscribeAs('fa', pending)).toEqual(expected);
    const bounced = address('bounced');
    expect(await subscribeAs('fa', bounced)).toEqual(expected);
    await drain(site.deps.mail);
    await site.deps.db.transaction((tx) => tx.update(newsletterSubscribers).set({ state: 'bounced' }).where(eq(newsletterSubscribers.email, bounced)));
    const unsubscribed = (await confirmedReaders(site, 'fa', 1))[0]!;
    expect(await unsubscribe(site.deps.db, (await subscriberRow(site.deps, unsubscribed))!.unsubscribeToken!, new Date())).toBe(true);
    const mailsBefore = site.smtp.received.length;

    for (const email of [confirmed!, pending, bounced]) expect(await subscribeAs('fa', email)).toEqual(expected);
    await drain(site.deps.mail);
    expect(site.smtp.received).toHaveLength(mailsBefore);
    expect((await subscriberRow(site.deps, confirmed!))?.state).toBe('confirmed');
    expect((await subscriberRow(site.deps, bounced))?.state).toBe('bounced');

    // An address that unsubscribed was erased: subscribing it again is a new subscription, asked to confirm.
    expect(await subscribeAs('fa', unsubscribed)).toEqual(expected);
    await drain(site.deps.mail);
    expect(confirmationsTo(site.smtp, unsubscribed)).toHaveLength(2);
    expect((await subscriberRow(site.deps, unsubscribed))?.state).toBe('pending');
  });

  it('sends at most one confirmation mail per address a day', async () => {
    const email = address();
    for (let time = 0; time < 3; time++) await subscribeAs('en', email);
    await drain(site.deps.mail);
    for (let time = 0; time < 3; time++) await subscribeAs('en', email);
    await drain(site.deps.mail);
    expect(site.smtp.to(email)).toHaveLength(1);

    await confirmationSentAgo(email, DAY - 60_000);
    await subscribeAs('en', email);
    await drain(site.deps.mail);
    expect(site.smtp.to(email)).toHaveLength(1);

    await confirmationSentAgo(email, DAY + 60_000);
    await subscribeAs('fa', email);
    await subscribeAs('fa', email);
    await drain(site.deps.mail);
    const mails = site.smtp.to(email);
    expect(mails).toHaveLength(2);
    // The second one is in the language of the latest request, and its link confirms.
    expect(mails[1]!.header('content-language')).toBe('fa');
    expect(await confirmSubscription(site.deps.db, confirmLinkOf(mails[1]!).token, new Date())).toEqual({ language: 'fa' });
  });

  it('keeps one row and sends one mail when one address is subscribed many times at once', async () => {
    const email = address('together');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => subscribeAs(index % 2 ? 'fa' : 'en', index % 3 ? email : email.toUpperCase())));
    expect(new Set(answers.map((answer) => answer.success))).toEqual(new Set([true]));
    await drain(site.deps.mail);
    const rows = await site.deps.db.select().from(newsletterSubscribers);
    expect(rows.map((row) => row.email)).toEqual([email]);
    expect(site.smtp.to(email)).toHaveLength(1);
  });
});

describe('confirmation mails the server refuses', () => {
  it('are tried again after a temporary refusal, and arrive once', async () => {
    const email = address();
    await subscribeAs('en', email);
    site.smtp.refuse(451, 2);
    await site.deps.mail.turn();
    const [row] = await site.deps.db.select().from(newsletterSubscribers);
    expect(row).toMatchObject({ state: 'pending', confirmAttempts: 1, confirmSentAt: null, confirmLeaseUntil: null });
    expect(row!.confirmNextAt!.getTime()).toBeGreaterThan(Date.now() - 1_000);
    await drain(site.deps.mail);
    expect(site.smtp.to(email)).toHaveLength(1);
    expect(await confirmSubscription(site.deps.db, confirmLinkOf(site.smtp.to(email)[0]!).token, new Date())).toEqual({ language: 'en' });
  });

  it('are not tried again after a permanent refusal, and the address is forgotten with the other unconfirmed ones', async () => {
    const email = address('nobody');
    site.smtp.refuseRecipient(email, 550);
    await subscribeAs('en', email);
    await drain(site.deps.mail);
    expect(site.smtp.received).toEqual([]);
    const row = await subscriberRow(site.deps, email);
    expect(row).toMatchObject({ state: 'pending', confirmTokenHash: null, confirmWantedAt: null });
    expect(row?.confirmSentAt).not.toBeNull();
    await subscribeAs('en', email);
    await drain(site.deps.mail);
    expect((await subscriberRow(site.deps, email))?.confirmWantedAt).toBeNull();
    await confirmationSentAgo(email, 8 * DAY);
    expect(await forgetUnconfirmed(site.deps.db)).toBe(1);
    expect(await subscriberRow(site.deps, email)).toBeUndefined();
  });
});

describe('addresses never confirmed', () => {
  it('are forgotten 7 days after their confirmation mail, by the hourly housekeeping too; nothing else is', async () => {
    const [confirmed] = await confirmedReaders(site, 'en', 1);
    const old = address('old');
    const recent = address('recent');
    const waiting = address('waiting');
    await subscribeAs('en', old);
    await subscribeAs('fa', recent);
    await drain(site.deps.mail);
    // Its mail is not sent yet (the server refuses for now): it has not had its 7 days.
    site.smtp.refuse(421, 1);
    await subscribeAs('en', waiting);
    await site.deps.mail.turn();
    const oldLink = confirmLinkOf(site.smtp.to(old)[0]!);
    await confirmationSentAgo(old, 7 * DAY + 60_000);
    await confirmationSentAgo(recent, 7 * DAY - 60_000);
    await confirmationSentAgo(confirmed!, 30 * DAY);

    expect(await forgetUnconfirmed(site.deps.db)).toBe(1);
    expect(await subscriberRow(site.deps, old)).toBeUndefined();
    for (const kept of [recent, waiting, confirmed!]) expect(await subscriberRow(site.deps, kept)).toBeDefined();
    // Its link confirms nothing now, and makes no new row.
    expect(await confirmSubscription(site.deps.db, oldLink.token, new Date())).toBeNull();
    expect(await site.deps.db.select().from(newsletterSubscribers)).toHaveLength(3);

    await confirmationSentAgo(recent, 7 * DAY + 60_000);
    const lines: string[] = [];
    await housekeeping(site.deps, (line) => lines.push(line));
    expect(await subscriberRow(site.deps, recent)).toBeUndefined();
    expect(lines).toContain('Forgot 1 newsletter address(es) never confirmed.');
  });
});

describe('the editors’ subscriber list', () => {
  it('shows each subscriber’s state and language, and the CSV export lists the addresses it still has', async () => {
    const [confirmedFa] = await confirmedReaders(site, 'fa', 1);
    const [leaving] = await confirmedReaders(site, 'en', 1);
    const pending = address('pending');
    await subscribeAs('en', pending);
    const bounced = address('bounced');
    await subscribeAs('fa', bounced);
    await drain(site.deps.mail);
    await site.deps.db.transaction((tx) => tx.update(newsletterSubscribers).set({ state: 'bounced' }).where(eq(newsletterSubscribers.email, bounced)));
    await unsubscribe(site.deps.db, (await subscriberRow(site.deps, leaving!))!.unsubscribeToken!, new Date());

    const { caller } = await adminCaller(site.deps);
    const { items, total } = await caller.newsletter.list({});
    expect(total).toBe(4);
    expect(items.map(({ email, state, language }) => ({ email, state, language }))).toEqual(
      expect.arrayContaining([
        { email: confirmedFa, state: 'confirmed', language: 'fa' },
        { email: null, state: 'unsubscribed', language: 'en' },
        { email: pending, state: 'pending', language: 'en' },
        { email: bounced, state: 'bounced', language: 'fa' },
      ]),
    );
    // The list says nothing of tokens.
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['createdAt', 'email', 'id', 'language', 'state']);
    const lines = (await caller.newsletter.exportCsv()).csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,subscribed_at,state,language');
    expect(lines.slice(1).map((line) => [line.split(',')[0], ...line.split(',').slice(2)].join(','))).toEqual(
      expect.arrayContaining([`${confirmedFa},confirmed,fa`, `${pending},pending,en`, `${bounced},bounced,fa`]),
    );
    expect(lines).toHaveLength(4);
  });
});
