import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/server/db/schema.ts';
import { makeContact, makeImageUpload } from '../factories/index.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { clientErrorOf } from '../setup/errors.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { isStored } from '../setup/stored.ts';

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

describe('contacts.create (public)', () => {
  it('receives a message without an image as pending', async () => {
    const answer = await publicCaller(deps).contacts.create({ name: 'Leila', email: 'Leila@Example.org', message: 'Please call me.' });
    expect(answer).toEqual({ received: true, createdAt: expect.any(Date) });
    const { caller } = await adminCaller(deps);
    expect((await caller.contacts.list({})).items).toMatchObject([
      { name: 'Leila', email: 'leila@example.org', message: 'Please call me.', image: null, status: 'pending' },
    ]);
  });

  it('receives a message with an image and claims the upload', async () => {
    const image = await makeImageUpload(deps);
    const id = await makeContact(deps, { imageUploadId: image.id });
    const { caller } = await adminCaller(deps);
    expect(await caller.contacts.byId({ id })).toMatchObject({ id, image: image.path });
  });
});

describe('contacts.list', () => {
  it('shows pending messages by default, newest first, with the total', async () => {
    const { caller } = await adminCaller(deps);
    const older = await makeContact(deps);
    const newer = await makeContact(deps);
    const read = await makeContact(deps);
    await deps.db.transaction((tx) =>
      tx
        .update(contactMessages)
        // Arrival times are kept to the day: the older one came the day before.
        .set({ createdAt: new Date(Date.now() - 86_400_000) })
        .where(eq(contactMessages.id, older)),
    );
    await caller.contacts.setStatus({ id: read, status: 'read' });
    const page = await caller.contacts.list({});
    expect(page.items.map((m) => m.id)).toEqual([newer, older]);
    expect(page).toMatchObject({ total: 2, page: 1 });
  });

  it('filters by the status asked for', async () => {
    const { caller } = await adminCaller(deps);
    const pending = await makeContact(deps);
    const archived = await makeContact(deps);
    await caller.contacts.setStatus({ id: archived, status: 'archived' });
    expect((await caller.contacts.list({ status: 'archived' })).items.map((m) => m.id)).toEqual([archived]);
    expect((await caller.contacts.list({ status: 'pending' })).items.map((m) => m.id)).toEqual([pending]);
    expect((await caller.contacts.list({ status: 'read' })).total).toBe(0);
  });

  it('pages with page and pageSize', async () => {
    const { caller } = await adminCaller(deps);
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await makeContact(deps));
    const second = await caller.contacts.list({ page: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items).toHaveLength(1);
    const all = [...(await caller.contacts.list({ page: 1, pageSize: 2 })).items, ...second.items].map((m) => m.id);
    expect(all.sort()).toEqual(ids.sort());
  });
});

describe('contacts.byId, setStatus and delete', () => {
  it('byId gives the whole message', async () => {
    const id = await makeContact(deps, { name: 'Zahra', email: 'zahra@example.org', message: 'Full text of my message.' });
    const { caller } = await adminCaller(deps);
    expect(await caller.contacts.byId({ id })).toEqual({
      id,
      name: 'Zahra',
      email: 'zahra@example.org',
      message: 'Full text of my message.',
      image: null,
      status: 'pending',
      createdAt: expect.any(Date),
    });
  });

  it('setStatus moves a message between the lists', async () => {
    const id = await makeContact(deps);
    const { caller } = await adminCaller(deps);
    expect(await caller.contacts.setStatus({ id, status: 'read' })).toMatchObject({ id, status: 'read' });
    expect((await caller.contacts.list({ status: 'read' })).items.map((m) => m.id)).toEqual([id]);
    expect((await caller.contacts.list({})).total).toBe(0);
  });

  it('delete removes the message and its image file', async () => {
    const image = await makeImageUpload(deps);
    const id = await makeContact(deps, { imageUploadId: image.id });
    const { caller } = await adminCaller(deps);
    expect(await isStored(deps.storage, image.path)).toBe(true);
    await expect(caller.contacts.delete({ id })).resolves.toEqual({ id });
    expect(await isStored(deps.storage, image.path)).toBe(false);
    expect((await caller.contacts.list({})).total).toBe(0);
  });

  it.each(['byId', 'delete'] as const)('%s answers NOT_FOUND for a missing message', async (procedure) => {
    const { caller } = await adminCaller(deps);
    expect(await clientErrorOf(deps, caller.contacts[procedure]({ id: 404 }))).toMatchObject({ code: 'NOT_FOUND', message: 'The item was not found.' });
  });

  it('setStatus answers NOT_FOUND for a missing message and refuses an unknown status', async () => {
    const { caller } = await adminCaller(deps);
    expect((await clientErrorOf(deps, caller.contacts.setStatus({ id: 404, status: 'read' }))).code).toBe('NOT_FOUND');
    const id = await makeContact(deps);
    const error = await clientErrorOf(deps, caller.contacts.setStatus({ id, status: 'spam' as 'read' }));
    expect(error.fieldErrors).toEqual({ status: ['Choose one of the offered options.'] });
  });
});
