import superjson from 'superjson';

type Annotations = Record<string, ['Date'] | ['undefined']>;
type Serialized = ReturnType<typeof superjson.serialize>;

/** Thrown inside the walk when a value needs what only superjson's own walk does. */
const UNUSUAL = Symbol('unusual');

const escapeKey = (key: string) => (key.includes('\\') || key.includes('.') ? key.replace(/\\/g, '\\\\').replace(/\./g, '\\.') : key);

/**
 * superjson's `serialize`, value for value (its annotations perhaps listed in another order, which reading
 * them back does not depend on), for what procedures answer: plain objects and arrays of
 * strings, finite numbers, booleans, null, undefined and valid Dates, with no object reached twice.
 * Anything else (a Map, a BigInt, NaN, -0, a class instance, a shared or circular object, a key
 * superjson refuses) is handed to superjson itself. An array's named properties besides its items (a
 * regular expression's match has some) are left out, as JSON leaves them out; superjson would
 * annotate them into junk properties of the array read back.
 *
 * Why: superjson's walk asks a dozen questions of every value and records the path of every object
 * for its referential equalities. In an uncached tRPC list of 15 items that walk was a fifth of the
 * server's CPU (docs/benchmarks.md); this one costs a fraction of it. tests/unit/wire.test.ts holds
 * the two to the same output over generated answers and every exception above.
 */
export function serializeAnswer(value: unknown): Serialized {
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

  const walk = (node: unknown): unknown => {
    switch (typeof node) {
      case 'string':
      case 'boolean':
        return node;
      case 'number':
        if (!Number.isFinite(node) || Object.is(node, -0)) throw UNUSUAL;
        return node;
      case 'undefined':
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
      const out = new Array<unknown>(node.length);
      for (let index = 0; index < node.length; index++) {
        if (!(index in node)) throw UNUSUAL;
        path.push(String(index));
        out[index] = walk(node[index]);
        path.pop();
      }
      return out;
    }
    if (node instanceof Date) {
      if (Number.isNaN(node.valueOf())) throw UNUSUAL;
      annotate('Date');
      return node.toISOString();
    }
    const proto = Object.getPrototypeOf(node) as unknown;
    if (proto !== Object.prototype && proto !== null) throw UNUSUAL;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(node)) {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw UNUSUAL;
      path.push(key);
      out[key] = walk((node as Record<string, unknown>)[key]);
      path.pop();
    }
    return out;
  };

  let json: unknown;
  try {
    json = walk(value);
  } catch (error) {
    if (error === UNUSUAL) return superjson.serialize(value);
    throw error;
  }
  return (annotated ? { json, meta: { values: annotations, v: 1 } } : { json }) as Serialized;
}

/** The tRPC transformer: superjson both ways, answers serialized by the walk above. */
export const wireTransformer = {
  input: superjson,
  output: { serialize: serializeAnswer, deserialize: superjson.deserialize.bind(superjson) },
};
