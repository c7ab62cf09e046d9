import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { newsletterDeliveries, newsletters, newsletterSubscribers } from '../../src/server/db/schema.ts';
import { envFor } from '../../src/server/env.ts';
import { MailSender } from '../../src/server/mail/sender.ts';
import { confirmSubscription } from '../../src/server/mail/subscriptions.ts';
import { newToken } from '../../src/server/mail/queue.ts';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import type { Language } from '../../src/shared/locale.ts';
import type { RichTextDocument } from '../../src/shared/rich-text/schema.ts';
import { adminCaller, publicCaller } from './callers.ts';
import { startChildServer, stopChildServer, type ChildServer } from './child-server.ts';
import { startServer, type TestServer } from './http.ts';
import { sourcePages } from './source-pages.ts';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from './smtp.ts';
import { createTestDeps, freshDatabaseUrl, newTestDir, testDepsIn, type TestDeps } from './test-db.ts';
import type { TestClock } from './test-clock.ts';

/** The site's own address in every newsletter test: links and pictures must point here. */
export const ORIGIN = 'https://news.example.org';

/** Settings of a site that sends through the test SMTP server; waits short enough that no test sleeps long. */
export const mailEnv = (smtp: TestSmtp, env: Record<string, string> = {}): Record<string, string> => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Women’s Rights News <news@example.org>',
  MAIL_RETRY_SECONDS: '0.02',
  MAIL_RATE_PER_MINUTE: '1000',
  PUBLIC_URL: ORIGIN,
  ...env,
});

export interface MailSite {
  deps: TestDeps;
  smtp: TestSmtp;
  /** The real app serving the site, when the file's tests speak HTTP. */
  server?: TestServer;
}

async function startMailSite(site: MailSite, env: Record<string, string>) {
  site.smtp = await startTestSmtp();
  site.deps = createTestDeps(mailEnv(site.smtp, env));
}

async function stopMailSite(site: MailSite) {
  await site.server?.close();
  await site.deps.mail.stop();
  await site.deps.cleanup();
  await site.smtp.close();
}

/** A fresh database and a fresh SMTP server for every test of the file; the sender's turns are driven by hand. */
export function mailSiteForEachTest(env: Record<string, string> = {}): MailSite {
  const site = {} as MailSite;
  beforeEach(() => startMailSite(site, env));
  afterEach(() => stopMailSite(site));
  return site;
}

/**
 * One site shared by the tests of the file, served over HTTP on a loopback port (with its real
 * pages, rendered from the source, when `pages`); each test uses readers of its own.
 */
export function servedMailSiteForAllTests(options: { pages?: boolean } = {}): MailSite & { server: TestServer } {
  return mailSiteForAllTests(async (site) => {
    site.server = await startServer(site.deps, options.pages ? { clientDir: sourcePages(site.deps) } : {});
  }) as MailSite & { server: TestServer };
}

/** One database and SMTP server shared by the tests of the file, filled by `prepare`. */
export function mailSiteForAllTests(prepare: (site: MailSite) => Promise<void>, env: Record<string, string> = {}): MailSite {
  const site = {} as MailSite;
  beforeAll(async () => {
    await startMailSite(site, env);
    await prepare(site);
  });
  afterAll(() => stopMailSite(site));
  return site;
}

/** A second sender on the same database (another node), or one on a clock the test moves. */
export function senderOn(deps: TestDeps, clock?: TestClock, env: Partial<TestDeps['env']> = {}): MailSender {
  const settings = { ...deps.env, ...env };
  return new MailSender(deps.db, settings, smtpTransport(settings), clock ? () => clock.now().getTime() : Date.now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sender's turns until nothing is due (the sender would sleep for its idle look). */
export async function drain(sender: Pick<MailSender, 'turn'>, maxTurns = 400): Promise<void> {
  for (let turn = 0; turn < maxTurns; turn++) {
    const wait = await sender.turn();
    if (wait >= 5_000) return;
    if (wait > 0) await sleep(wait);
  }
  throw new Error(`The queue was not empty after ${maxTurns} turns`);
}

/** A unique address of this test. */
export const address = (label = 'reader') => `${label}-${randomBytes(4).toString('hex')}@example.org`;

/** A body of paragraphs, as the editor writes it. */
export function doc(...paragraphs: string[]): RichTextDocument {
  return { type: 'doc', content: paragraphs.map((text) => ({ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] })) };
}

const TOKEN = '([A-Za-z0-9_-]{43})';

/** The confirmation link a mail carries (its plain text part), and the token in it. */
export function confirmLinkOf(mail: ReceivedMail): { url: string; token: string } {
  const match = new RegExp(`(https?://\\S+/newsletter/confirm/${TOKEN}\\?lang=(?:en|fa))`).exec(mail.parsed.text ?? '');
  expect(match, `no confirmation link in:\n${mail.parsed.text}`).not.toBeNull();
  return { url: match![1]!, token: match![2]! };
}

/** The reader's unsubscribe address from the List-Unsubscribe header, and the token in it. */
export function unsubscribeLinkOf(mail: ReceivedMail): { url: string; token: string } {
  const match = new RegExp(`^<(https?://\\S+/newsletter/unsubscribe/${TOKEN}\\?lang=(?:en|fa))>$`).exec(mail.header('list-unsubscribe') ?? '');
  expect(match, `no List-Unsubscribe header in:\n${mail.raw.slice(0, 2000)}`).not.toBeNull();
  return { url: match![1]!, token: match![2]! };
}

/** Mails of one kind the server received for an address. */
export const confirmationsTo = (smtp: TestSmtp, email: string) => smtp.to(email).filter((mail) => !mail.header('list-unsubscribe'));
export const editionsTo = (smtp: TestSmtp, email: string) => smtp.to(email).filter((mail) => Boolean(mail.header('list-unsubscribe')));

/**
 * Readers confirmed the way readers confirm: each subscribes in its language, the confirmation
 * mail goes through the SMTP server, and the token from that mail confirms.
 */
export async function confirmedReaders(site: MailSite, language: Language, count: number, label: string = language): Promise<string[]> {
  const emails = Array.from({ length: count }, () => address(label));
  for (const email of emails) await publicCaller(site.deps, { lang: language }).newsletter.subscribe({ email });
  await drain(site.deps.mail);
  for (const email of emails) {
    const [mail] = confirmationsTo(site.smtp, email).slice(-1);
    expect(mail, `no confirmation mail to ${email}`).toBeDefined();
    expect(await confirmSubscription(site.deps.db, confirmLinkOf(mail!).token, new Date())).toEqual({ language });
  }
  return emails;
}

/** Many confirmed readers at once, written straight into the table (as a migrated list's are), with their tokens. */
export async function insertConfirmedReaders(deps: Pick<TestDeps, 'db'>, language: Language, count: number, label: string = language): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, index) => address(`${label}${index}`));
  if (!emails.length) return [];
  await deps.db.transaction((tx) =>
    tx
      .insert(newsletterSubscribers)
      .values(emails.map((email) => ({ email, language, state: 'confirmed' as const, unsubscribeToken: newToken(), confirmedAt: new Date() }))),
  );
  return emails;
}

/** An edition written in both languages by a signed-in editor; answers its id and the editor's caller. */
export async function draftEdition(deps: TestDeps, fields: { itemIds?: number[]; en?: boolean; fa?: boolean } = {}) {
  const { caller } = await adminCaller(deps);
  const en = fields.en ?? true;
  const fa = fields.fa ?? true;
  const { id } = await caller.newsletters.create({
    subjectEn: en ? 'This week on the site' : '',
    subjectFa: fa ? 'این هفته در سایت' : '',
    bodyEn: en ? doc('Dear reader, here is what we published this week.') : null,
    bodyFa: fa ? doc('خوانندهٔ گرامی، این‌ها را این هفته منتشر کردیم.') : null,
    itemIds: fields.itemIds ?? [],
  });
  return { id, caller };
}

/** An edition's queue rows, in queue order. */
export const deliveriesOfEdition = (deps: Pick<TestDeps, 'db'>, id: number) =>
  deps.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.newsletterId, id)).orderBy(asc(newsletterDeliveries.id));

/** Each address received exactly one copy of the edition. */
export function expectOneCopyEachIn(site: MailSite, emails: readonly string[]) {
  expect(Object.fromEntries(emails.map((email) => [email, editionsTo(site.smtp, email).length]))).toEqual(
    Object.fromEntries(emails.map((email) => [email, 1])),
  );
}

/** A subscriber row by address (null once the address is erased). */
export async function subscriberRow(deps: Pick<TestDeps, 'db'>, email: string) {
  const [row] = await deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row;
}

/**
 * For the erasure tests: a reader who confirmed through the mail, received an edition and is about
 * to leave (her address was written in several versions of her row), and one who never confirmed
 * and whose confirmation mail left 8 days ago. Answers both addresses and the leaving reader's token.
 */
export async function readersToErase(site: MailSite) {
  const [leaving] = await confirmedReaders(site, 'fa', 1, 'leaving');
  const { id, caller } = await draftEdition(site.deps);
  await caller.newsletters.send({ id });
  await drain(site.deps.mail);
  expect(editionsTo(site.smtp, leaving!)).toHaveLength(1);
  const forgotten = address('forgotten');
  await publicCaller(site.deps, { lang: 'en' }).newsletter.subscribe({ email: forgotten });
  await drain(site.deps.mail);
  await site.deps.db.transaction((tx) =>
    tx
      .update(newsletterSubscribers)
      .set({ confirmSentAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(newsletterSubscribers.email, forgotten)),
  );
  const token = (await subscriberRow(site.deps, leaving!))!.unsubscribeToken!;
  return { leaving: leaving!, token, forgotten };
}

/** Waits until `done` holds, looking every 50 ms; fails naming `what` after `timeoutMs`. */
export async function waitUntil(done: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether an edition is sent (every copy sent, failed or skipped), as the database says. */
export const editionSent = async (deps: Pick<TestDeps, 'db'>, id: number) =>
  (await deps.db.select({ state: newsletters.state }).from(newsletters).where(eq(newsletters.id, id)))[0]?.state === 'sent';

export interface QueuedEdition {
  /** The settings the server processes start with (without PUBLIC_URL: a server then says where it listens). */
  env: Record<string, string>;
  dir: string;
  /** This process's handle on the same database, which queued the edition. */
  site: TestDeps;
  smtp: TestSmtp;
  readers: string[];
  id: number;
  caller: Awaited<ReturnType<typeof draftEdition>>['caller'];
}

/**
 * For the suites with real server processes: an SMTP server, a database of the run's engine with
 * 14 English and 6 Persian confirmed readers, and an edition queued for them, which a server
 * process started on it sends. What the test started is stopped and removed after each test.
 */
export function queuedEditionForProcesses() {
  const servers: ChildServer[] = [];
  let made: QueuedEdition | undefined;
  afterEach(async () => {
    for (const server of servers.splice(0)) await stopChildServer(server);
    await made?.site.cleanup();
    await made?.smtp.close();
    made = undefined;
  });
  async function queue(label: string, env: Record<string, string>): Promise<QueuedEdition> {
    const smtp = await startTestSmtp();
    const dir = newTestDir(label);
    const { PUBLIC_URL: _, ...settings } = mailEnv(smtp, { DATABASE_URL: freshDatabaseUrl(dir), STORAGE_DIR: path.join(dir, 'storage'), ...env });
    const site = testDepsIn(dir, envFor(settings));
    made = { env: settings, dir, site, smtp, readers: [], id: 0, caller: undefined as unknown as QueuedEdition['caller'] };
    made.readers = [...(await insertConfirmedReaders(site, 'en', 14)), ...(await insertConfirmedReaders(site, 'fa', 6))];
    const { id, caller } = await draftEdition(site);
    await caller.newsletters.send({ id });
    Object.assign(made, { id, caller });
    return made;
  }
  /** A server process on the edition's database; stopped after the test unless it is gone already. */
  async function start(env: Record<string, string>): Promise<ChildServer> {
    const server = await startChildServer(made!.dir, env);
    servers.push(server);
    return server;
  }
  return { queue, start };
}
