import { describe, expect, it } from 'vitest';
import { limits } from '../../src/shared/limits.ts';
import { makeContact, makeImageUpload, makeUser } from '../factories/index.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { clientErrorOf, fieldErrorsOf } from '../setup/errors.ts';
import { get, json, sendForm, sendJson, signIn, useRestServer, visitor } from './rest-kit.ts';
import { createTestDeps } from '../setup/test-db.ts';

const RLO = '\u202E';
const PDF = '\u202C';
const over = (max: number) => 'x'.repeat(max + 1);

/** Every field with a maximum length of the visitors' forms, with a valid value for the others. */
const visitorForms = {
  story: { path: '/api/story', valid: { title: 'A title', description: 'A story.' }, limited: { title: limits.title, description: limits.longText } },
  contact: {
    path: '/api/contact',
    valid: { name: 'Eve', email: 'eve@example.org', message: 'Hello.' },
    limited: { name: limits.name, email: limits.email, message: limits.message },
  },
  subscribe: { path: '/api/subscribe', valid: { email: 'eve@example.org' }, limited: { email: limits.email } },
} as const;

const persianLimit = (max: number) => `حداکثر ${max.toString().replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)} نویسه مجاز است.`;

describe('over-long text is refused, never cut', () => {
  it('tRPC: each limited field of the visitor forms gets a field error in the reader’s language, and nothing is stored', async () => {
    const deps = createTestDeps();
    try {
      const calls = {
        story: (input: Record<string, string>) => publicCaller(deps, { lang: 'fa' }).stories.create(input as never),
        contact: (input: Record<string, string>) => publicCaller(deps, { lang: 'fa' }).contacts.create(input as never),
        subscribe: (input: Record<string, string>) => publicCaller(deps, { lang: 'fa' }).newsletter.subscribe(input as never),
      };
      for (const [form, spec] of Object.entries(visitorForms)) {
        for (const [name, max] of Object.entries(spec.limited)) {
          const value = name === 'email' ? `${'a'.repeat(max)}@example.org` : over(max);
          const errors = await fieldErrorsOf(deps, calls[form as keyof typeof calls]({ ...spec.valid, [name]: value }), 'fa');
          expect(errors[name], `${form}.${name}`).toEqual([persianLimit(max)]);
        }
      }
      const { caller } = await adminCaller(deps);
      expect((await caller.stories.list({})).total).toBe(0);
      expect((await caller.contacts.list({})).total).toBe(0);
    } finally {
      await deps.cleanup();
    }
  });

  it('the editors’ forms refuse too: a 10,000-character title is not cut to 300', async () => {
    const deps = createTestDeps();
    try {
      const { caller } = await adminCaller(deps, { lang: 'fa' });
      const image = await makeImageUpload(deps);
      const errors = await fieldErrorsOf(
        deps,
        caller.news.create({
          titleEn: over(10_000 - 1),
          titleFa: 'عنوان',
          descriptionEn: 'x',
          descriptionFa: 'x',
          imageUploadId: image.id,
          coverAltEn: 'A photo',
          coverAltFa: 'یک عکس',
        }),
        'fa',
      );
      expect(errors.titleEn).toEqual([persianLimit(limits.title)]);
      const gallery = await fieldErrorsOf(
        deps,
        caller.gallery.create({ name: 'ok', nameFa: over(limits.name), videoLink: 'https://youtu.be/dQw4w9WgXcQ' }),
        'fa',
      );
      expect(gallery.nameFa).toEqual([persianLimit(limits.name)]);
    } finally {
      await deps.cleanup();
    }
  });
});

describe('REST: limits, direction controls, gallery names and images', () => {
  const world = useRestServer({ RATE_LIMIT_PUBLIC_WRITES: '0' });

  it('refuses a 10,000-character story title with 422 and a Persian field error', async () => {
    const client = await visitor(world);
    for (const [form, spec] of Object.entries(visitorForms)) {
      for (const [name, max] of Object.entries(spec.limited)) {
        const value = name === 'email' ? `${'a'.repeat(max)}@example.org` : over(max);
        const response = await sendJson(client, 'POST', spec.path, { ...spec.valid, [name]: value }, { ...client.xsrfHeaders(), 'x-lang': 'fa' });
        expect(response.status, `${form}.${name}`).toBe(422);
        expect((await json(response)).errors[name], `${form}.${name}`).toEqual([persianLimit(max)]);
      }
    }
    const story = await sendForm(client, '/api/story', { title: 'x'.repeat(10_000), description: 'A story.' });
    expect(story.status).toBe(422);
    expect((await json(story)).errors.title).toEqual([`Use at most ${limits.title} characters.`]);
  });

  it('stores a visitor’s name without the override that would reverse it', async () => {
    const client = await visitor(world);
    const response = await sendJson(client, 'POST', '/api/contact', { name: `Eve ${RLO}evil.exe${PDF}`, email: 'eve@example.org', message: `Hi ${RLO}there` });
    expect(response.status).toBe(201);
    const { client: editor } = await signIn(world);
    const inbox = await json(await get(editor, '/api/admin/contacts'));
    expect(inbox.data[0]).toMatchObject({ name: 'Eve evil.exe', message: 'Hi there' });
  });

  it('gallery items: name is English, name_fa Persian; an item without an image says "null" as the original did', async () => {
    const { client } = await signIn(world);
    const made = await sendForm(client, '/api/admin/gallery', { name: 'A speech', name_fa: 'یک سخنرانی', link: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(made.status).toBe(201);
    expect((await json(made)).data).toMatchObject({ name: 'A speech', name_fa: 'یک سخنرانی', image: 'null' });
    const old = await sendForm(client, '/api/admin/gallery', { name: 'Old item', link: 'https://youtu.be/dQw4w9WgXcQ' });
    expect((await json(old)).data).toMatchObject({ name: 'Old item', name_fa: null, image: 'null' });
    const list = await json(await get(await visitor(world), '/api/gallery'));
    expect(list.data.map((item: { image: unknown }) => item.image)).toEqual(['null', 'null']);
    // tRPC keeps real nulls.
    const page = await publicCaller(world.deps).gallery.list({});
    expect(page.items.map((item) => [item.name, item.nameFa, item.image])).toEqual([
      ['Old item', null, null],
      ['A speech', 'یک سخنرانی', null],
    ]);
  });
});

describe('contacts.open', () => {
  it('marks a pending message read when an editor opens it, and setStatus pending marks it unread again', async () => {
    const deps = createTestDeps();
    try {
      const id = await makeContact(deps);
      const { caller } = await adminCaller(deps, { user: await makeUser(deps) });
      expect(await caller.contacts.open({ id })).toMatchObject({ id, status: 'read' });
      expect((await caller.contacts.list({ status: 'pending' })).total).toBe(0);
      expect(await caller.contacts.setStatus({ id, status: 'pending' })).toMatchObject({ status: 'pending' });
      expect((await caller.contacts.list({ status: 'pending' })).total).toBe(1);
      // An archived message stays archived when opened again.
      await caller.contacts.setStatus({ id, status: 'archived' });
      expect(await caller.contacts.open({ id })).toMatchObject({ status: 'archived' });
      expect((await clientErrorOf(deps, publicCaller(deps).contacts.open({ id }))).code).toBe('UNAUTHORIZED');
    } finally {
      await deps.cleanup();
    }
  });
});
