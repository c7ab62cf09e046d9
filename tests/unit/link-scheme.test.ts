import { describe, expect, it } from 'vitest';
import { linkHref } from '../../src/shared/rich-text/schema.ts';
import { withScheme } from '../../src/shared/link-scheme.ts';

describe('a link typed without a scheme', () => {
  it('gets https:// in front', () => {
    expect(withScheme('example.org/statement')).toBe('https://example.org/statement');
    expect(withScheme('  www.example.org ')).toBe('https://www.example.org');
    expect(withScheme('youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://youtube.com/watch?v=dQw4w9WgXcQ');
    expect(withScheme('example.org:8080/path')).toBe('https://example.org:8080/path');
    expect(withScheme('//example.org/x')).toBe('https://example.org/x');
    expect(withScheme('سایت.ایران/خبر')).toBe('https://سایت.ایران/خبر');
  });

  it('keeps an address that has one as it was typed', () => {
    for (const typed of ['https://example.org', 'http://example.org/a', 'mailto:office@example.org', 'HTTPS://EXAMPLE.ORG'])
      expect(withScheme(typed)).toBe(typed);
  });

  it('never turns another scheme, or words, into a web link', () => {
    for (const typed of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<b>x</b>',
      'vbscript:msgbox',
      'javascript://example.org/%0aalert(1)',
    ]) {
      expect(withScheme(typed)).toBe(typed);
      expect(linkHref.safeParse(withScheme(typed)).success, typed).toBe(false);
    }
    for (const typed of ['read the guide', 'office@example.org', 'guide', '', '/news/4', '#top', 'example']) expect(withScheme(typed)).toBe(typed);
  });

  it('is accepted as a link once completed', () => {
    expect(linkHref.safeParse(withScheme('example.org/statement')).success).toBe(true);
  });
});
