import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../src/server/db/schema.ts';
import { makeSubscriber } from '../factories/index.ts';
import { message } from '../../src/shared/messages.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { clientErrorOf } from '../setup/errors.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

describe('newsletter.subscribe (public)', () => {
  it('succeeds twice for the same address with the same answer, keeping one subscription', async () => {
    const first = await publicCaller(deps).newsletter.subscribe({ email: 'reader@example.org' });
    const second = await publicCaller(deps).newsletter.subscribe({ email: 'reader@example.org' });
    expect(first).toEqual({ success: true, message: message('en', 'subscribed') });
    expect(first.message).toMatch(/^You have successfully subscribed! .*confirm/);
    expect(second).toEqual(first);
    const { caller } = await adminCaller(deps);
    expect((await caller.newsletter.list({})).items.map((s) => s.email)).toEqual(['reader@example.org']);
  });

  it('treats addresses differing only in case and spaces as one', async () => {
    await publicCaller(deps).newsletter.subscribe({ email: 'Reader@Example.ORG' });
    await publicCaller(deps).newsletter.subscribe({ email: '  reader@example.org ' });
    const { caller } = await adminCaller(deps);
    const page = await caller.newsletter.list({});
    expect(page.total).toBe(1);
    expect(page.items[0]?.email).toBe('reader@example.org');
  });

  it('answers in Persian for Persian readers', async () => {
    expect(await publicCaller(deps, { lang: 'fa' }).newsletter.subscribe({ email: 'fa-reader@example.org' })).toEqual({
      success: true,
      message: message('fa', 'subscribed'),
    });
  });
});

describe('newsletter admin procedures', () => {
  it('list shows subscribers newest first with the total', async () => {
    const older = await makeSubscriber(deps);
    const newer = await makeSubscriber(deps);
    await deps.db.transaction((tx) =>
      tx
        .update(newsletterSubscribers)
        // Arrival times are kept to the day: the older one came the day before.
        .set({ createdAt: new Date(Date.now() - 86_400_000) })
        .where(eq(newsletterSubscribers.email, older)),
    );
    const { caller } = await adminCaller(deps);
    const page = await caller.newsletter.list({ pageSize: 1 });
    expect(page.items.map((s) => s.email)).toEqual([newer]);
    expect(page.total).toBe(2);
  });

  it('delete removes a subscriber, and a second delete answers NOT_FOUND', async () => {
    const email = await makeSubscriber(deps);
    const { caller } = await adminCaller(deps);
    const { id } = (await caller.newsletter.list({})).items[0]!;
    await expect(caller.newsletter.delete({ id })).resolves.toEqual({ id });
    expect((await caller.newsletter.list({})).items.map((s) => s.email)).not.toContain(email);
    expect((await clientErrorOf(deps, caller.newsletter.delete({ id }))).code).toBe('NOT_FOUND');
  });

  it('exportCsv gives every subscriber, oldest first, under a header', async () => {
    const first = await makeSubscriber(deps);
    const second = await makeSubscriber(deps);
    const { caller } = await adminCaller(deps);
    const { filename, csv } = await caller.newsletter.exportCsv();
    expect(filename).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,subscribed_at,state,language');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([first, second]);
    for (const line of lines.slice(1)) expect(new Date(line.split(',')[1]!).getTime()).not.toBeNaN();
  });

  it('exportCsv defuses cells a spreadsheet would run as a formula', async () => {
    // + and - are valid first characters of an e-mail address; = and @ can only come from older or imported data.
    await makeSubscriber(deps, '+1+cmd@example.org');
    await makeSubscriber(deps, '-2+3@example.org');
    await deps.db.transaction((tx) =>
      tx.insert(newsletterSubscribers).values([{ email: '=HYPERLINK("http://evil.example","x")' }, { email: '@SUM(A1:A2)' }, { email: '\tTAB@example.org' }]),
    );
    const { caller } = await adminCaller(deps);
    const cells = (await caller.newsletter.exportCsv()).csv
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',').slice(0, -3).join(','));
    expect(cells).toEqual(["'+1+cmd@example.org", "'-2+3@example.org", `"'=HYPERLINK(""http://evil.example"",""x"")"`, "'@SUM(A1:A2)", "'\tTAB@example.org"]);
  });
});
