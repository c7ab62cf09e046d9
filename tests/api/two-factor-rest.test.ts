import { describe, expect, it } from 'vitest';
import { makeUser, testPassword } from '../factories/index.ts';
import { codeAt, giveTotp, keyOfSecret } from '../factories/second-factors.ts';
import { testDialect } from '../setup/test-db.ts';
import { get, json, sendJson, signIn, useRestServer, visitor } from './rest-kit.ts';
import { awayFromStepEdge, CODE_WRONG, STEP_EXPIRED } from './two-factor-kit.ts';

const LATIN_DIGIT = /[0-9]/;

describe(`REST sign-in with a second factor on ${testDialect}`, () => {
  const world = useRestServer();

  it('answers POST /api/login exactly as before for an account without a second factor', async () => {
    const user = await makeUser(world.deps, { name: 'Parvin', role: 'editor' });
    const client = await visitor(world);
    const response = await sendJson(client, 'POST', '/api/login', { email: user.email, password: testPassword });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ status: true, data: { id: user.id, name: 'Parvin', email: user.email, role: 'Editor' } });
    expect(client.cookies.has('session')).toBe(true);
    expect(client.cookies.has('sign_in')).toBe(false);
  });

  it('answers the password step of an account with an app with two_factor_required and no session, then POST /api/login/two-factor signs in', async () => {
    const user = await makeUser(world.deps, { name: 'Shirin' });
    await awayFromStepEdge();
    const { key } = await giveTotp(world.deps, user.id);
    const client = await visitor(world);
    const response = await sendJson(client, 'POST', '/api/login', { email: user.email, password: testPassword });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ status: 'two_factor_required', methods: ['totp', 'recovery_code'] });
    expect(client.cookies.has('session')).toBe(false);
    const pending = response.headers.getSetCookie().find((line) => line.startsWith('sign_in='));
    expect(pending).toMatch(/HttpOnly/i);
    expect(pending).toMatch(/SameSite=Strict/i);
    expect((await get(client, '/api/admin/user', { accept: 'application/json' })).status).toBe(401);

    const wrong = await sendJson(client, 'POST', '/api/login/two-factor', { code: codeAt(key, 2) });
    expect(wrong.status).toBe(401);
    expect(await json(wrong)).toEqual({ status: false, message: CODE_WRONG.en });

    const done = await sendJson(client, 'POST', '/api/login/two-factor', { code: codeAt(key) });
    expect(done.status).toBe(200);
    expect(await json(done)).toEqual({ status: true, data: { id: user.id, name: 'Shirin', email: user.email, role: 'Admin' } });
    const session = done.headers.getSetCookie().find((line) => line.startsWith('session='));
    expect(session).toMatch(/HttpOnly/i);
    expect(client.cookies.has('sign_in')).toBe(false);
    expect(await json(await get(client, '/api/admin/user', { accept: 'application/json' }))).toMatchObject({ id: user.id });

    // The same code again, after a new password step: refused.
    await sendJson(client, 'POST', '/api/login', { email: user.email, password: testPassword });
    const replay = await sendJson(client, 'POST', '/api/login/two-factor', { code: codeAt(key) });
    expect(replay.status).toBe(401);
  });

  it('accepts the code form-encoded too, and a recovery code', async () => {
    const user = await makeUser(world.deps);
    const { recoveryCodes } = await giveTotp(world.deps, user.id);
    const client = await visitor(world);
    await sendJson(client, 'POST', '/api/login', { email: user.email, password: testPassword });
    const response = await client.fetch('/api/login/two-factor', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...client.xsrfHeaders() },
      body: new URLSearchParams({ code: recoveryCodes[3]! }).toString(),
    });
    expect(response.status).toBe(200);
    expect((await json(response)).data.id).toBe(user.id);
  });

  it('refuses in Persian, with Persian digits only: a wrong code, a lapsed sign-in, a malformed code, and the wait', async () => {
    const user = await makeUser(world.deps);
    const { key } = await giveTotp(world.deps, user.id);
    const client = await visitor(world);
    client.cookies.set('lang', 'fa');

    const none = await sendJson(client, 'POST', '/api/login/two-factor', { code: '123456' });
    expect({ status: none.status, body: await json(none) }).toEqual({ status: 401, body: { status: false, message: STEP_EXPIRED.fa } });

    await sendJson(client, 'POST', '/api/login', { email: user.email, password: testPassword });
    const malformed = await sendJson(client, 'POST', '/api/login/two-factor', { code: 'not a code' });
    expect(malformed.status).toBe(422);
    const malformedBody = await json(malformed);
    expect(malformedBody).toMatchObject({
      success: false,
      errors: { code: ['شش رقمی را که برنامه‌تان نشان می‌دهد یا یکی از کدهای بازیابی‌تان را وارد کنید.'] },
    });

    const answers = [];
    for (let guess = 0; guess < 5; guess++) {
      const wrong = await sendJson(client, 'POST', '/api/login/two-factor', { code: `۱۲۳۴۵${guess}` });
      answers.push({ status: wrong.status, body: await json(wrong) });
    }
    for (const answer of answers) expect(answer).toEqual({ status: 401, body: { status: false, message: CODE_WRONG.fa } });

    const throttled = await sendJson(client, 'POST', '/api/login/two-factor', { code: codeAt(key) });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    const throttledBody = await json(throttled);
    expect(throttledBody.message).toMatch(/[\u0600-\u06ff]/);
    expect(client.cookies.has('session')).toBe(false);

    for (const text of [STEP_EXPIRED.fa, CODE_WRONG.fa, malformedBody.message, ...malformedBody.errors.code, throttledBody.message])
      expect(text).not.toMatch(LATIN_DIGIT);
  });

  it('answers in the language Accept-Language asks for', async () => {
    const client = await visitor(world);
    const response = await sendJson(
      client,
      'POST',
      '/api/login/two-factor',
      { code: '123456' },
      { ...client.xsrfHeaders(), 'accept-language': 'fa-IR,fa;q=0.9' },
    );
    expect(await json(response)).toEqual({ status: false, message: STEP_EXPIRED.fa });
  });
});

describe(`REST enrolment of an authenticator app on ${testDialect}`, () => {
  const world = useRestServer();

  it('starts with POST admin/account/totp, confirms with POST admin/account/totp/confirm, and turns off with DELETE admin/account/totp', async () => {
    const { client, user } = await signIn(world, await makeUser(world.deps, { role: 'writer' }));
    const started = await sendJson(client, 'POST', '/api/admin/account/totp');
    expect(started.status).toBe(200);
    const body = await json(started);
    expect(Object.keys(body).sort()).toEqual(['secret', 'uri']);
    const key = keyOfSecret(body.secret);
    await awayFromStepEdge();

    const wrong = await sendJson(client, 'POST', '/api/admin/account/totp/confirm', { code: codeAt(key, 3) });
    expect(wrong.status).toBe(422);
    expect(await json(wrong)).toMatchObject({ success: false, errors: { code: [CODE_WRONG.en] } });

    const confirmed = await sendJson(client, 'POST', '/api/admin/account/totp/confirm', { code: codeAt(key) });
    expect(confirmed.status).toBe(200);
    const { recovery_codes: recoveryCodes, ...rest } = await json(confirmed);
    expect(rest).toEqual({});
    expect(recoveryCodes).toHaveLength(10);

    // On: a second start is refused; the password step now asks for the code.
    const again = await sendJson(client, 'POST', '/api/admin/account/totp');
    expect(again.status).toBe(409);
    const other = await visitor(world);
    expect(await json(await sendJson(other, 'POST', '/api/login', { email: user.email, password: testPassword }))).toEqual({
      status: 'two_factor_required',
      methods: ['totp', 'recovery_code'],
    });

    // Persian refusal of a wrong password, under the original field name.
    const refused = await sendJson(
      client,
      'DELETE',
      '/api/admin/account/totp',
      { current_password: 'not her password' },
      { ...client.xsrfHeaders(), 'x-lang': 'fa' },
    );
    expect(refused.status).toBe(422);
    const refusedBody = await json(refused);
    expect(refusedBody).toMatchObject({ success: false, errors: { current_password: ['گذرواژهٔ کنونی نادرست است.'] } });
    expect(JSON.stringify(refusedBody)).not.toMatch(LATIN_DIGIT);

    const off = await sendJson(client, 'DELETE', '/api/admin/account/totp', { current_password: testPassword });
    expect(off.status).toBe(200);
    expect(await json(off)).toEqual({ success: true });
    const plain = await visitor(world);
    expect(await json(await sendJson(plain, 'POST', '/api/login', { email: user.email, password: testPassword }))).toMatchObject({
      status: true,
      data: { id: user.id },
    });
  });

  it('answers a confirmation before any start with the reason, in Persian', async () => {
    const { client } = await signIn(world);
    const response = await sendJson(client, 'POST', '/api/admin/account/totp/confirm', { code: '123456' }, { ...client.xsrfHeaders(), 'x-lang': 'fa' });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body).toEqual({ message: 'راه‌اندازی برنامهٔ احراز هویت را از نو آغاز کنید: کلیدی در انتظار کد نیست.' });
  });
});
