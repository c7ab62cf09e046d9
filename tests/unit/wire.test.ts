import fc from 'fast-check';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { serializeAnswer } from '../../src/server/trpc/wire.ts';

/**
 * What a browser's tRPC client gets from an answer: the bytes sent, read back by superjson. The
 * serialized answer is plain JSON (strings, finite numbers, booleans, null, arrays and plain
 * objects; the property below holds it to superjson's own output), so a structured clone is the
 * tree JSON text would carry. Not JSON.parse: since V8 12.8 (Node 24 and 26, nodejs/node#63785)
 * it can read an escaped key such as `\.` back as `\\` once an earlier parse met the key `\\`,
 * as the generated keys below do, and the property then failed on V8's answer, not ours.
 */
const received = (serialized: Serialized) => superjson.deserialize(structuredClone(tree(serialized) as Serialized));

/**
 * The tree the JSON text of a serialized answer carries: serializeAnswer leaves Dates in it for
 * JSON.stringify to write, and an array's undefined items for it to write as null.
 */
function tree(value: unknown): unknown {
  if (value instanceof Date && !Number.isNaN(value.valueOf())) return value.toJSON();
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : tree(item)));
  if (value === null || typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, tree(item)]));
}

type Serialized = ReturnType<typeof superjson.serialize>;

/** Ours is superjson's: the same JSON text on the wire, the same annotations. */
function expectSame(ours: Serialized, theirs: Serialized, label?: string) {
  expect(JSON.stringify(ours.json), label).toBe(JSON.stringify(theirs.json));
  expect(tree(ours), label).toStrictEqual(theirs);
}

const refused = new Set(['__proto__', 'constructor', 'prototype']);
const key = fc
  .oneof(fc.string({ maxLength: 6 }), fc.constantFrom('a.b', 'a\\b', '\\.', '.', '0', '12', 'x.0', 'createdAt', 'عنوان'))
  .filter((name) => !refused.has(name));

/** The values procedures answer: plain objects and arrays of strings, numbers, booleans, null, undefined and Dates. */
const { answer } = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((number) => !Object.is(number, -0)),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.date({ noInvalidDate: true }),
  ),
  answer: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    fc.array(tie('answer'), { maxLength: 5 }),
    fc.dictionary(key, tie('answer'), { maxKeys: 6 }),
  ),
}));

describe('the answers tRPC sends', () => {
  it('are what superjson makes of them, and read back the same in the browser', () => {
    fc.assert(
      fc.property(answer, (value) => {
        const ours = serializeAnswer(value);
        const theirs = superjson.serialize(value);
        expectSame(ours, theirs);
        expect(received(ours)).toStrictEqual(received(theirs));
        // Equal but for prototypes: superjson too reads a null-prototype object back as a plain one.
        expect(received(ours)).toEqual(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('carry a list as superjson does: dates annotated by path, keys with dots escaped', () => {
    const at = new Date('2026-11-27T10:00:00.000Z');
    const value = { items: [{ id: 1, publishAt: at, 'a.b': new Date(at), caption: undefined }], total: 1 };
    expect(tree(serializeAnswer(value))).toStrictEqual({
      json: { items: [{ id: 1, publishAt: at.toISOString(), 'a.b': at.toISOString(), caption: null }], total: 1 },
      meta: { values: { 'items.0.publishAt': ['Date'], 'items.0.a\\.b': ['Date'], 'items.0.caption': ['undefined'] }, v: 1 },
    });
    expectSame(serializeAnswer(value), superjson.serialize(value));
  });

  it('are left to superjson whenever a value needs more than plain JSON and dates', () => {
    const shared = { id: 1 };
    const circular: Record<string, unknown> = { id: 2 };
    circular.self = circular;
    class Item {
      id = 3;
    }
    const sparse: unknown[] = [1];
    sparse[2] = 3;
    const when = new Date('2026-01-01T00:00:00.000Z');
    const unusual: unknown[] = [
      new Map([['a', 1]]),
      new Set([1]),
      BigInt(7),
      Number.NaN,
      -0,
      Number.POSITIVE_INFINITY,
      new Item(),
      new Date(Number.NaN),
      { first: shared, second: shared },
      { first: when, second: when },
      circular,
      when,
      undefined,
      sparse,
      /re/g,
      new URL('https://example.org/'),
      { nested: [new Map()] },
    ];
    for (const value of unusual) {
      expectSame(serializeAnswer({ value }), superjson.serialize({ value }), String(value));
      expectSame(serializeAnswer(value), superjson.serialize(value), String(value));
    }
  });

  it('write a Date or an array whose toJSON says otherwise as what it holds', () => {
    class Stamp extends Date {
      override toJSON() {
        return 'not the date';
      }
    }
    const own = new Date('2026-01-01T00:00:00.000Z');
    Object.defineProperty(own, 'toJSON', { value: () => 'not the date either', enumerable: false });
    for (const value of [{ at: new Stamp(0) }, { at: own }]) {
      const ours = serializeAnswer(value);
      expect(JSON.stringify(ours)).not.toMatch(/not the/);
      expectSame(ours, superjson.serialize(value));
    }
    // An array is sent as its items, as the test below says: never what its own toJSON makes up.
    const list = Object.assign([1, 2], { toJSON: () => 'not the list' });
    expect(JSON.stringify(serializeAnswer({ list }))).toBe('{"json":{"list":[1,2]}}');
    class Listing extends Array<number> {
      toJSON() {
        return 'not the listing';
      }
    }
    const listing = Listing.from([3, 4]);
    expect(JSON.stringify(serializeAnswer({ listing }))).toBe('{"json":{"listing":[3,4]}}');
  });

  it('send an array as its items, without the named properties JSON leaves out (a match has some)', () => {
    const match = 'abc'.match(/b/)!;
    expect(received(serializeAnswer({ match }))).toStrictEqual({ match: ['b'] });
  });

  it('refuse a key superjson refuses, as superjson does', () => {
    const polluted = JSON.parse('{"__proto__": {"admin": true}}') as unknown;
    expect(() => superjson.serialize(polluted)).toThrow(/prototype pollution/);
    expect(() => serializeAnswer(polluted)).toThrow(/prototype pollution/);
    expect(() => serializeAnswer({ constructor: 1 })).toThrow(/prototype pollution/);
  });
});
