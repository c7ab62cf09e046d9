import { describe, expect, it } from 'vitest';
import { xmlEscape } from '../../src/server/http/feeds.ts';

/** The escaping written out a character at a time: what the one-pass form must equal. */
function escapedByCharacter(text: string): string {
  const entities: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) continue;
    out += entities[char] ?? char;
  }
  return out;
}

// Entities, every control character, Persian, bidirectional controls, an emoji and lone surrogates.
const alphabet = [...'<>&\'"abc زن ۱۲\u200c\u202e\u2066😀', '\ud800', '\udc00', ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code))];

describe('xmlEscape', () => {
  it('escapes the five characters and drops the control characters XML 1.0 forbids', () => {
    expect(xmlEscape(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
    expect(xmlEscape('a\u0000b\u0008c\td\ne\rf\u001fg')).toBe('abc\td\ne\rfg');
    expect(xmlEscape('حقوق زنان')).toBe('حقوق زنان');
  });

  it('equals escaping a character at a time on random text', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 2_000; round++) {
      const text = Array.from({ length: Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(xmlEscape(text)).toBe(escapedByCharacter(text));
    }
  });
});
