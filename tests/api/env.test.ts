import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envVariables, EnvError, readEnv } from '../../src/server/env.ts';

/** The EnvError a configuration raises; fails the test when the configuration is accepted. */
function refusal(source: Record<string, string | undefined>): EnvError {
  try {
    readEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as EnvError;
  }
  throw new Error(`Expected ${JSON.stringify(source)} to be refused`);
}

describe('readEnv', () => {
  it('gives working defaults for an empty environment', () => {
    expect(readEnv({})).toMatchObject({
      NODE_ENV: 'production',
      PORT: 3000,
      HOST: '0.0.0.0',
      MAX_IMAGE_MB: 10,
      MAX_VIDEO_MB: 100,
      SESSION_IDLE_HOURS: 8,
      SESSION_MAX_HOURS: 24,
    });
    expect(readEnv({}).FACEBOOK_URL).toBeUndefined();
  });

  it.each([['abc'], ['70000'], ['-1'], ['80.5']])('refuses PORT=%s and names PORT', (port) => {
    const error = refusal({ PORT: port });
    expect(error.message).toMatch(/^\s*PORT: /m);
    expect(error.message).not.toMatch(/^\s*HOST: /m);
  });

  it('takes a blank PORT as unset rather than as port 0', () => {
    expect(readEnv({ PORT: '' }).PORT).toBe(3000);
    expect(readEnv({ PORT: '  ' }).PORT).toBe(3000);
    expect(readEnv({ PORT: '8080' }).PORT).toBe(8080);
  });

  it('takes a blank rate limit as unset rather than as 0, which would turn the limit off', () => {
    const env = readEnv({ RATE_LIMIT_PUBLIC_WRITES: '', RATE_LIMIT_UPLOADS: ' ' });
    const defaults = readEnv({});
    expect([env.RATE_LIMIT_PUBLIC_WRITES, env.RATE_LIMIT_UPLOADS]).toEqual([defaults.RATE_LIMIT_PUBLIC_WRITES, defaults.RATE_LIMIT_UPLOADS]);
    expect(env.RATE_LIMIT_UPLOADS).toBeGreaterThan(0);
  });

  it.each([
    ['FACEBOOK_URL', 'facebook.com/our-page'],
    ['TWITTER_URL', 'javascript:alert(1)'],
    ['PUBLIC_URL', 'ftp://example.org'],
  ])('refuses a bad URL in %s and names it', (name, value) => {
    expect(refusal({ [name]: value }).message).toContain(`${name}: must be an http(s) URL`);
  });

  it('refuses a contact address that is not an e-mail and names CONTACT_EMAIL', () => {
    expect(refusal({ CONTACT_EMAIL: 'contact-at-example.org' }).message).toContain('CONTACT_EMAIL: must be an e-mail address');
  });

  it('refuses ADMIN_EMAIL without ADMIN_PASSWORD, and the reverse', () => {
    expect(refusal({ ADMIN_EMAIL: 'editor@example.org' }).message).toContain('ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
    expect(refusal({ ADMIN_PASSWORD: 'long enough password' }).message).toContain('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
    expect(readEnv({ ADMIN_EMAIL: 'editor@example.org', ADMIN_PASSWORD: 'long enough password' }).ADMIN_EMAIL).toBe('editor@example.org');
  });

  it('refuses an initial admin password under ten characters', () => {
    expect(refusal({ ADMIN_EMAIL: 'editor@example.org', ADMIN_PASSWORD: 'short' }).message).toContain('ADMIN_PASSWORD: must be at least 10 characters');
  });

  it('names every offending variable at once', () => {
    const message = refusal({ PORT: 'x', FACEBOOK_URL: 'nope', SESSION_IDLE_HOURS: '0', MAX_IMAGE_MB: '-5' }).message;
    for (const name of ['PORT', 'FACEBOOK_URL', 'SESSION_IDLE_HOURS', 'MAX_IMAGE_MB']) expect(message).toMatch(new RegExp(`^\\s*${name}: `, 'm'));
  });

  it('treats blank optional values as unset and trims the others', () => {
    const env = readEnv({ FACEBOOK_URL: '  ', CONTACT_EMAIL: '', TWITTER_URL: ' https://x.com/our-account/ ' });
    expect(env.FACEBOOK_URL).toBeUndefined();
    expect(env.CONTACT_EMAIL).toBeUndefined();
    expect(env.TWITTER_URL).toBe('https://x.com/our-account');
  });

  it('accepts fractional upload limits in megabytes', () => {
    expect(readEnv({ MAX_IMAGE_MB: '0.5' }).MAX_IMAGE_MB).toBe(0.5);
  });
});

describe('.env.example', () => {
  it('lists every variable the server reads, and nothing else', () => {
    const listed = [...fs.readFileSync(new URL('../../.env.example', import.meta.url), 'utf8').matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect([...listed].sort()).toEqual([...envVariables].sort());
  });
});
