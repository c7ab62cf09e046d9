import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localizeIssue, message, messages, type MessageKey } from '../../src/shared/messages.ts';

/** A Latin digit that is not part of a Latin name (MP4 is a format's name, not a number). */
const latinNumber = /(?<![A-Za-z])[0-9]/;
const sampleParams = { max: 10, image: 10, video: 200, count: 1234 };

function strings(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => strings(inner, `${at}.${key}`));
  return [];
}

describe('Persian text writes numbers in Persian digits', () => {
  it('every server message, with its numbers filled in', () => {
    for (const key of Object.keys(messages) as MessageKey[]) {
      const text = message('fa', key, sampleParams);
      expect(text, key).not.toMatch(latinNumber);
    }
    expect(message('fa', 'uploadImageTooLarge', { max: 10 })).toBe('تصویر بیش از حد بزرگ است. حداکثر ۱۰ مگابایت.');
    expect(message('en', 'uploadImageTooLarge', { max: 10 })).toBe('The image is too large. The limit is 10 MB.');
  });

  it('every validation sentence made from a zod issue', () => {
    const issues = [
      { code: 'too_big', message: '', origin: 'string', maximum: 300 },
      { code: 'too_big', message: '', origin: 'array', maximum: 10 },
      { code: 'too_big', message: '', origin: 'number', maximum: 50 },
      { code: 'too_small', message: '', origin: 'string', minimum: 10 },
      { code: 'too_small', message: '', origin: 'number', minimum: 1 },
    ];
    for (const issue of issues) expect(localizeIssue(issue, 'fa')).not.toMatch(latinNumber);
  });

  it('every Persian string of the interface', () => {
    const folder = path.resolve('src/client/locales/fa');
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.json'))) {
      for (const [key, text] of strings(JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')))) expect(text, `${file}${key}`).not.toMatch(latinNumber);
    }
  });
});

describe('the Persian e-mail link', () => {
  it('invites people to write, rather than to "follow us in e-mail"', () => {
    const fa = JSON.parse(fs.readFileSync(path.resolve('src/client/locales/fa/public.json'), 'utf8')) as { social: { emailUs: string } };
    expect(fa.social.emailUs).toBe('با ما از راه ایمیل مکاتبه کنید');
    expect(fa.social.emailUs).not.toContain('دنبال');
  });
});
