/** A value worked out once per content version. */
export type Remember = <T>(key: string, compute: () => T) => T;

/** Beyond this many keys the memo starts again, so odd filters cannot grow it without bound. */
const MAX_REMEMBERED = 10_000;

/**
 * Values derived from public tables (a list's total, the sort key of a row at a known depth),
 * kept until the content version moves on. Only data that every public-content change bumps the
 * version for belongs here: a table that anonymous writes change (messages, stories awaiting
 * review, subscribers) must not be memoised, since those writes leave the version alone.
 */
export function versionedMemo(version: () => string): Remember {
  let memoVersion = '';
  let values = new Map<string, unknown>();
  return <T>(key: string, compute: () => T): T => {
    const current = version();
    if (current !== memoVersion || values.size >= MAX_REMEMBERED) {
      memoVersion = current;
      values = new Map();
    }
    if (values.has(key)) return values.get(key) as T;
    const value = compute();
    values.set(key, value);
    return value;
  };
}
