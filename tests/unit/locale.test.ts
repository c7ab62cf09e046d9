import { describe, expect, it } from 'vitest';
import { decideLanguage, directionOf, isLanguage, pickLanguage } from '../../src/shared/locale.ts';

describe('pickLanguage', () => {
  it('follows an explicit choice over the browser header', () => {
    expect(pickLanguage('fa', 'en-US,en;q=0.9')).toBe('fa');
    expect(pickLanguage('en', 'fa-IR,fa;q=0.9')).toBe('en');
  });

  it('ignores an explicit value that is not a site language and falls back to the header', () => {
    expect(pickLanguage('de', 'fa-IR,fa;q=0.9')).toBe('fa');
    expect(pickLanguage('FA', 'en-GB')).toBe('en');
  });

  it('takes Persian from a browser whose first preference is Persian, whatever the region or case', () => {
    expect(pickLanguage(undefined, 'fa-IR,fa;q=0.9,en-US;q=0.8')).toBe('fa');
    expect(pickLanguage(null, 'FA')).toBe('fa');
    expect(pickLanguage(undefined, ' fa-AF , en')).toBe('fa');
  });

  it('stays English when Persian is only a later preference', () => {
    expect(pickLanguage(undefined, 'en-US,fa;q=0.5')).toBe('en');
  });

  it('falls back to English without any hint or with another language', () => {
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage(null, null)).toBe('en');
    expect(pickLanguage('', '')).toBe('en');
    expect(pickLanguage(undefined, 'de-DE,de;q=0.9')).toBe('en');
  });
});

describe('isLanguage and directionOf', () => {
  it('know exactly en and fa', () => {
    expect(['en', 'fa', 'EN', 'ps', '', null].map(isLanguage)).toEqual([true, true, false, false, false, false]);
  });

  it('write Persian right to left and English left to right', () => {
    expect(directionOf('fa')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});

describe('decideLanguage', () => {
  it('takes ?lang, then X-Lang, then the cookie, then Accept-Language, skipping any that is not a site language', () => {
    expect(decideLanguage({ query: 'fa', header: 'en', cookie: 'en', acceptLanguage: 'en' })).toBe('fa');
    expect(decideLanguage({ query: 'de', header: 'fa', cookie: 'en', acceptLanguage: 'en' })).toBe('fa');
    expect(decideLanguage({ header: 'FA', cookie: 'fa', acceptLanguage: 'en' })).toBe('fa');
    expect(decideLanguage({ cookie: 'xx', acceptLanguage: 'fa-IR,fa;q=0.9' })).toBe('fa');
    expect(decideLanguage({ header: 'en', acceptLanguage: 'fa-IR' })).toBe('en');
    expect(decideLanguage({})).toBe('en');
  });
});
