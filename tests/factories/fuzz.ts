import fc from 'fast-check';
import type { TestDeps } from '../setup/test-db.ts';
import { makeContact, makeContent, makeGalleryItem, makeLegalItem, makeStory } from './index.ts';

/** Strings that have broken parsers, validators and databases before. */
export const nastyStrings = [
  '',
  ' ',
  '\u0000',
  '\u202e\u0645\u0631\u06cc\u0645',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '1e400',
  '-0',
  '0x10',
  ' 12 ',
  '-1',
  '9007199254740993',
  'NaN',
  'Infinity',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%',
  '%E0%A4%A',
  '\ud800',
  'a'.repeat(70_000),
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'javascript:alert(1)',
  'editor@example.org',
  'pending',
  'all',
  'top',
  'iran',
  'ab0123456789abcdef0123456789abcd',
];

/** Field names the procedures and forms read, and a few that poison objects. */
export const fieldNames = [
  'id',
  'page',
  'pageSize',
  'per_page',
  'status',
  'category',
  'country',
  'name',
  'email',
  'message',
  'password',
  'title',
  'description',
  'token',
  'imageUploadId',
  'mediaUploadId',
  'videoLink',
  'titleEn',
  'titleFa',
  'media',
  '__proto__',
  'constructor',
];

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 400 }) },
);

export const nastyNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53 + 1, -(2 ** 53), 1e308, -1e308, 5e-324, 0.5),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, leaning towards the shapes the procedures expect. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** An input object with the known field names, each with an odd value. */
export const shapedInput = fc.dictionary(fc.constantFrom(...fieldNames), nastyValue, { maxKeys: 8 });

/** The input a tRPC client would send, or something that only looks like it. */
export const trpcInput = fc.oneof(shapedInput, nastyValue, fc.jsonValue());

/** superjson's envelope, sometimes with a `meta` block naming types and references that do not exist. */
export const superjsonEnvelope = fc.oneof(
  { weight: 4, arbitrary: trpcInput.map((json) => ({ json })) },
  {
    weight: 1,
    arbitrary: fc.record({
      json: trpcInput,
      meta: fc.record(
        {
          values: fc.dictionary(
            fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 6 })),
            fc.oneof(fc.constantFrom('Date', 'bigint', 'set', 'map', 'regexp', 'undefined', 'number'), fc.jsonValue()),
          ),
          referentialEqualities: fc.dictionary(fc.string({ maxLength: 6 }), fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 })),
        },
        { requiredKeys: [] },
      ),
    }),
  },
);

/** Bytes that are not what any client sends: broken JSON, binary, nothing. */
export const garbageBody = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(
    '',
    '{',
    '{"json":',
    '[]',
    'null',
    '"x"',
    '{"json":{"a":1}}}',
    '\u0000\u0001',
    '{"__proto__":{"polluted":"yes"}}',
    '{"json":{"__proto__":{"polluted":"yes"}}}',
  ),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);

/** encodeURIComponent for any string: a lone surrogate becomes U+FFFD instead of throwing. */
export const encode = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

let address = 0;
/** A new visitor address per request, so the login throttle never stands in for validation. */
export function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

/** A list of query parameters, each name and value possibly odd, possibly repeated. */
export const oddQuery = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom('page', 'per_page', 'category', 'country', 'status', 'page[]', 'page[a]', '__proto__'), fc.string({ maxLength: 6 })),
      nastyString,
    ),
    { maxLength: 5 },
  )
  .chain((pairs) =>
    fc.boolean().map((raw) =>
      pairs
        // Raw values keep malformed percent-escapes (`%E0%A4%A`) as a hostile client would send them.
        .map(
          ([name, value]) => `${encode(name)}=${raw && /^[\x21-\x7e]*$/.test(value) && !value.includes('#') && !value.includes('&') ? value : encode(value)}`,
        )
        .join('&'),
    ),
  );

/** One item of every public kind, so each list and detail route has something to find while it is fuzzed. */
export async function makeOneOfEachKind(deps: TestDeps): Promise<void> {
  await makeContent(deps, 'news');
  await makeGalleryItem(deps);
  await makeLegalItem(deps);
  await makeStory(deps);
  await makeContact(deps);
}
