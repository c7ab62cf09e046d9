/** A value worked out once per content version. */
export type Remember = <T>(key: string, compute: () => T) => T;
/** The same for a value worked out by awaited queries. */
export type RememberAsync = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

/** Beyond this many keys the memo starts again, so odd filters cannot grow it without bound. */
const MAX_REMEMBERED = 10_000;

/** The values of the current version: a new version (or too many keys) starts an empty map. */
function versionedStore(version: () => string): () => Map<string, unknown> {
  let memoVersion = '';
  let values = new Map<string, unknown>();
  return () => {
    const current = version();
    if (current !== memoVersion || values.size >= MAX_REMEMBERED) {
      memoVersion = current;
      values = new Map();
    }
    return values;
  };
}

/** Longer keys and answers are worked out each time, never kept. */
export const REMEMBERED_LENGTH = 512;

export interface RememberOptions<T> {
  /** Keys kept at most; past it the map starts again. */
  max?: number;
  /**
   * Whether an answer may be kept at all. The key is a request's address, so it may carry what must
   * not stay in memory after its answer (a search's words, a token in a link): keep only answers
   * that say the address holds nothing of the kind.
   */
  keep: (key: string, value: T) => boolean;
}

/**
 * A pure function of a string (`context` is only what the string already determines, handed over
 * parsed), remembered for the strings asked most recently. For what every cached answer would
 * otherwise work out again from its address: validating a list's input allocates a few hundred
 * bytes a request, which at thousands of cached answers a second V8 soon moves to its old
 * generation, where only full collections free it. A hit allocates nothing; ever-new addresses
 * only restart the map, and long ones are never kept.
 */
export function rememberedByString<T, A = undefined>(compute: (key: string, context: A) => T, options: RememberOptions<T>): (key: string, context: A) => T {
  const max = options.max ?? 1_000;
  let values = new Map<string, T>();
  return (key, context) => {
    const known = values.get(key);
    if (known !== undefined || values.has(key)) return known as T;
    const value = compute(key, context);
    const long = key.length > REMEMBERED_LENGTH || (typeof value === 'string' && value.length > REMEMBERED_LENGTH);
    if (long || !options.keep(key, value)) return value;
    if (values.size >= max) values = new Map();
    values.set(key, value);
    return value;
  };
}

/**
 * Values derived from public tables (a list's total, the sort key of a row at a known depth),
 * kept until the content version moves on. Only data that every public-content change bumps the
 * version for belongs here: a table that anonymous writes change (messages, stories awaiting
 * review, subscribers) must not be memoised, since those writes leave the version alone.
 */
export function versionedMemo(version: () => string): Remember {
  const store = versionedStore(version);
  return <T>(key: string, compute: () => T): T => {
    const values = store();
    if (values.has(key)) return values.get(key) as T;
    const value = compute();
    values.set(key, value);
    return value;
  };
}

/**
 * The same for values computed by awaited queries. The promise is kept under the version read when
 * the work began, so readers asking meanwhile share one computation; a version that moves on
 * meanwhile starts a new map, so the value never serves a later version. A computation that fails
 * is forgotten, and the next reader tries again.
 */
export function versionedAsyncMemo(version: () => string): RememberAsync {
  const store = versionedStore(version);
  return <T>(key: string, compute: () => Promise<T>): Promise<T> => {
    const values = store();
    if (values.has(key)) return values.get(key) as Promise<T>;
    const value = compute();
    values.set(key, value);
    value.catch(() => {
      if (values.get(key) === value) values.delete(key);
    });
    return value;
  };
}
