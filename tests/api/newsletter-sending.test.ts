import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../src/server/db/schema.ts';
import { confirmSubscription } from '../../src/server/mail/subscriptions.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { makePost } from '../factories/public-content.ts';

let deps: TestDeps;
let smtp: TestSmtp;
beforeEach(async () => {
  smtp = await startTestSmtp();
  deps = createTestDeps({ SMTP_URL: smtp.url, MAIL_FROM: 'News <news@example.org>', MAIL_RETRY_SECONDS: '0.05', MAIL_RATE_PER_MINUTE: '1000' });
});
afterEach(async () => {
  await deps.mail.stop();
  await deps.cleanup();
  await smtp.close();
});

/** Runs the sender's turns until nothing is due. */
async function drain() {
  for (let turn = 0; turn < 200; turn++) {
    const wait = await deps.mail.turn();
    if (wait > 1000) return;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

const doc = (text: string) => ({ type: 'doc' as const, content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] }] });

describe('newsletter sending (smoke)', () => {
  it('confirms by mail and sends one copy per confirmed reader in their language', async () => {
    // Start the loop so the transport exists; turns are driven by hand.
    await publicCaller(deps, { lang: 'fa' }).newsletter.subscribe({ email: 'fa@example.org' });
    await publicCaller(deps, { lang: 'en' }).newsletter.subscribe({ email: 'en@example.org' });
    await publicCaller(deps, { lang: 'en' }).newsletter.subscribe({ email: 'never@example.org' });
    await drain();
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual(['en@example.org', 'fa@example.org', 'never@example.org']);
    for (const address of ['fa@example.org', 'en@example.org']) {
      const link = /https?:\/\/\S+\/newsletter\/confirm\/([A-Za-z0-9_-]{43})/.exec(smtp.to(address)[0]!.parsed.text ?? '');
      expect(link).not.toBeNull();
      expect(await confirmSubscription(deps.db, link![1]!, new Date())).not.toBeNull();
    }
    expect(smtp.to('fa@example.org')[0]!.parsed.html).toContain('dir="rtl"');
    const post = await makePost(deps, 'news');
    const { caller } = await adminCaller(deps);
    const { id } = await caller.newsletters.create({ subjectEn: 'Weekly', subjectFa: 'هفتگی', bodyEn: doc('Hello'), bodyFa: doc('سلام'), itemIds: [post.id] });
    await caller.newsletters.send({ id });
    await drain();
    const progress = await caller.newsletters.progress({ id });
    expect(progress).toMatchObject({ state: 'sent', recipients: 2, sent: 2, remaining: 0 });
    const fa = smtp.to('fa@example.org').at(-1)!;
    expect(fa.parsed.subject).toBe('هفتگی');
    expect(fa.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(fa.header('list-unsubscribe')).toMatch(/^<http.+\/newsletter\/unsubscribe\/[A-Za-z0-9_-]{43}\?lang=fa>$/);
    expect(smtp.to('never@example.org')).toHaveLength(1);
    const [row] = await deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'never@example.org'));
    expect(row?.state).toBe('pending');
  });
});
