import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { adminCaller, publicCaller } from '../setup/callers.ts';
import { clientErrorOf } from '../setup/errors.ts';
import { CookieClient, startServer } from '../setup/http.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';
import { trpcMutation, trpcQuery } from '../setup/trpc-http.ts';

let deps: TestDeps;
beforeEach(() => {
  deps = createTestDeps();
});
afterEach(() => deps.cleanup());

describe('messages when ctx.lang is fa', () => {
  it('refuse a visitor in Persian', async () => {
    const error = await clientErrorOf(deps, publicCaller(deps, { lang: 'fa' }).users.list({}), 'fa');
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', message: messages.unauthenticated.fa });
  });

  it('say in Persian that an item was not found', async () => {
    expect((await clientErrorOf(deps, publicCaller(deps, { lang: 'fa' }).news.byId({ id: 1 }), 'fa')).message).toBe('خبر پیدا نشد.');
    expect((await clientErrorOf(deps, publicCaller(deps, { lang: 'fa' }).legal.byId({ id: 1 }), 'fa')).message).toBe(messages.legalNotFound.fa);
  });

  it('explain refused fields in Persian, with the form-level message in Persian too', async () => {
    const { caller } = await adminCaller(deps, { lang: 'fa' });
    const error = await clientErrorOf(deps, caller.gallery.create({ name: '' }), 'fa');
    expect(error.message).toBe(messages.invalidInput.fa);
    expect(error.fieldErrors).toEqual({ name: [messages.nameInEitherLanguage.fa], imageUploadId: [messages.galleryMediaRequired.fa] });
  });

  it('refuse a self-deletion in Persian', async () => {
    const { caller, user } = await adminCaller(deps, { lang: 'fa' });
    expect((await clientErrorOf(deps, caller.users.delete({ id: user.id }), 'fa')).message).toBe(messages.cannotDeleteSelf.fa);
  });
});

describe('the language of an HTTP request', () => {
  it('comes from the X-Lang header, the lang cookie or Accept-Language, else English', async () => {
    const server = await startServer(deps);
    try {
      const ask = async (headers: Record<string, string>, cookie?: string) => {
        const client = new CookieClient(server.url);
        if (cookie) client.cookies.set('lang', cookie);
        return (await trpcQuery(client, 'news.byId', { id: 1 }, headers)).error?.message;
      };
      expect(await ask({ 'X-Lang': 'fa' })).toBe('خبر پیدا نشد.');
      expect(await ask({}, 'fa')).toBe('خبر پیدا نشد.');
      expect(await ask({ 'Accept-Language': 'fa-IR,fa;q=0.9' })).toBe('خبر پیدا نشد.');
      expect(await ask({ 'X-Lang': 'en', 'Accept-Language': 'fa-IR' })).toBe('News not found.');
      expect(await ask({})).toBe('News not found.');
      const subscribed = await trpcMutation(new CookieClient(server.url), 'newsletter.subscribe', { email: 'fa@example.org' }, { 'X-Lang': 'fa' });
      expect(subscribed.data).toEqual({ success: true, message: messages.subscribed.fa });
    } finally {
      await server.close();
    }
  });
});
