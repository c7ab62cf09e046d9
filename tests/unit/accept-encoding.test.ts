import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../src/server/http/accept-encoding.ts';

// The negotiator the `compression` middleware used (0.6.4), which the site's answers were encoded by
// before src/server/http/compress.ts, and which readers' caches and the CDN tests were written against.
const Negotiator = createRequire(import.meta.url)('negotiator-0.6') as new (req: { headers: Record<string, string> }) => {
  encoding(available: string[], preferred: string[]): string | undefined;
};

function middlewareChoice(header: string): string | undefined {
  if (!header) return 'identity';
  return new Negotiator({ headers: { 'accept-encoding': header } }).encoding(['br', 'gzip', 'deflate', 'identity'], ['br', 'gzip']);
}

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, as browsers offer them', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBe('deflate');
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('identity')).toBe('identity');
  });

  it('follows quality values, and refuses what the reader refuses', () => {
    expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0, deflate;q=0')).toBe('identity');
    expect(negotiateEncoding('identity;q=0, *;q=0')).toBeUndefined();
  });

  it('chooses as the negotiator package does, for any header', () => {
    const token = fc.constantFrom('br', 'gzip', 'GZIP', 'deflate', 'identity', '*', 'zstd', 'compress', '', ' ', 'x-gzip');
    const quality = fc.option(fc.constantFrom('q=0', 'q=1', 'q=0.5', 'q=0.50', 'q=0.001', 'q=abc', 'q=', 'level=1', ' q=0.8'), { nil: undefined });
    const part = fc.tuple(token, quality).map(([name, q]) => (q === undefined ? name : `${name};${q}`));
    const header = fc.tuple(fc.array(part, { maxLength: 6 }), fc.constantFrom(',', ', ', ' ,')).map(([parts, separator]) => parts.join(separator));
    fc.assert(
      fc.property(header, (value) => {
        expect(negotiateEncoding(value)).toBe(middlewareChoice(value));
      }),
      { numRuns: 2000 },
    );
  });
});
