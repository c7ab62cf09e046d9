import superjson from 'superjson';

type Annotations = Record<string, ['Date'] | ['undefined']>;
type Serialized = ReturnType<typeof superjson.serialize>;

/** Thrown inside the walk when a value needs what only superjson's own walk does. */
const UNUSUAL = Symbol('unusual');

const escapeKey = (key: string) => (key.includes('\\') || key.includes('.') ? key.replace(/\\/g, '\\\\').replace(/\./g, '\\.') : key);

/**
 * Thrown inside the look when JSON.stringify would write the answer otherwise than superjson: an object
 * holding `undefined` (JSON leaves the key out, superjson sends null), a toJSON of its own. The copy walk handles it.
 */
const COPY = Symbol('copy');

/**
 * superjson's `serialize`, byte for byte once sent as JSON (its annotations perhaps listed in another
 * order, which reading them back does not depend on), for what procedures answer: plain objects and
 * arrays of strings, finite numbers, booleans, null, undefined and valid Dates, with no object reached
 * twice. Anything else (a Map, a BigInt, NaN, -0, a class instance, a shared or circular object, a key
 * superjson refuses) is handed to superjson itself. An array's named properties besides its items (a
 * regular expression's match has some) are left out, as JSON leaves them out; superjson would
 * annotate them into junk properties of the array read back.
 *
 * The answer itself is the JSON tree: a Date is written by JSON.stringify as its toISOString, which
 * is what superjson puts there. Only an answer with `undefined` in an object is copied, with null in
 * its place (JSON would drop the key).
 *
 * Why: superjson's walk asks a dozen questions of every value and records the path of every object
 * for its referential equalities. In an uncached tRPC list of 15 items that walk was a fifth of the
 * server's CPU, and a copy of the answer a tenth (docs/benchmarks.md); this look costs a fraction of
 * either. tests/unit/wire.test.ts holds the two to the same JSON text over generated answers and every
 * exception above.
 */
export function serializeAnswer(value: unknown): Serialized {
  try {
    return withAnnotations(value, false);
  } catch (error) {
    if (error === COPY) {
      try {
        return withAnnotations(value, true);
      } catch (again) {
        if (again !== UNUSUAL) throw again;
      }
    } else if (error !== UNUSUAL) throw error;
  }
  return superjson.serialize(value);
}

/** The answer (or, with `copy`, a copy holding null for undefined) and superjson's annotations of its Dates and undefineds. */
function withAnnotations(value: unknown, copy: boolean): Serialized {
  const annotations: Annotations = {};
  const seen = new Set<object>();
  let annotated = false;

  // The path to the value walked, as superjson writes it, built only for a value it annotates.
  const path: string[] = [];
  const annotate = (type: 'Date' | 'undefined') => {
    if (path.length === 0) throw UNUSUAL;
    annotations[path.map(escapeKey).join('.')] = [type];
    annotated = true;
  };

  const walk = (node: unknown, inObject: boolean): unknown => {
    switch (typeof node) {
      case 'string':
      case 'boolean':
        return node;
      case 'number':
        if (!Number.isFinite(node) || Object.is(node, -0)) throw UNUSUAL;
        return node;
      case 'undefined':
        if (inObject && !copy) throw COPY;
        // Sent as null, marked to be read back as undefined.
        annotate('undefined');
        return null;
      case 'object':
        break;
      default:
        throw UNUSUAL;
    }
    if (node === null) return null;
    if (seen.has(node)) throw UNUSUAL;
    seen.add(node);
    if (Array.isArray(node)) {
      // JSON.stringify would call an array's toJSON (its own, or its subclass's); a copy has none.
      if (!copy && (Object.getPrototypeOf(node) !== Array.prototype || Object.prototype.hasOwnProperty.call(node, 'toJSON'))) throw COPY;
      const out = copy ? new Array<unknown>(node.length) : node;
      for (let index = 0; index < node.length; index++) {
        if (!(index in node)) throw UNUSUAL;
        path.push(String(index));
        const item = walk(node[index], false);
        if (copy) out[index] = item;
        path.pop();
      }
      return out;
    }
    if (node instanceof Date) {
      if (Number.isNaN(node.valueOf())) throw UNUSUAL;
      // JSON.stringify writes a Date by its toJSON: as toISOString only for a plain Date.
      if (!copy && (Object.getPrototypeOf(node) !== Date.prototype || Object.prototype.hasOwnProperty.call(node, 'toJSON'))) throw COPY;
      annotate('Date');
      return copy ? node.toISOString() : node;
    }
    const proto = Object.getPrototypeOf(node) as unknown;
    if (proto !== Object.prototype && proto !== null) throw UNUSUAL;
    const out: Record<string, unknown> = copy ? {} : (node as Record<string, unknown>);
    for (const key of Object.keys(node)) {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw UNUSUAL;
      path.push(key);
      const item = walk((node as Record<string, unknown>)[key], true);
      if (copy) out[key] = item;
      path.pop();
    }
    return out;
  };

  const json = walk(value, false);
  return (annotated ? { json, meta: { values: annotations, v: 1 } } : { json }) as Serialized;
}

/** The tRPC transformer: superjson both ways, answers serialized by the walk above. */
export const wireTransformer = {
  input: superjson,
  output: { serialize: serializeAnswer, deserialize: superjson.deserialize.bind(superjson) },
};
