import type Database from 'better-sqlite3';

/*
 * SQLite compiles a statement anew (parses and plans it again) on its next run after one of its
 * parameters is bound a different value, where that value might change the plan: a LIMIT's
 * count, or a value the planner compared while choosing how to satisfy an ORDER BY. better-sqlite3
 * binds every parameter afresh on every run, so each such statement was compiled on every run:
 * an item's page read its row in 56 µs where 8 sufficed, a list's ids in 25 µs where 7 did, the
 * session's lookup (`LIMIT ?`) in 10.5 µs where 3.5 did. SQLite's switch for keeping a plan
 * whatever the values (SQLITE_DBCONFIG_ENABLE_QPSG) is not reachable through better-sqlite3; a
 * unary plus, which SQLite defines as returning its operand unchanged, hides a parameter's value
 * from the planner all the same. The plans chosen were the same for every statement the public
 * pages run (the site has no statistics tables, and its partial indexes' conditions are literals
 * that its statements repeat literally, never through a parameter).
 */

/** The text with each positional parameter (`?`, `?NNN`) written `+?`; quoted text and comments untouched. */
export function keptPlanText(text: string): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    const closing = char === "'" || char === '"' || char === '`' ? char : char === '[' ? ']' : null;
    if (closing) {
      const end = text.indexOf(closing, index + 1);
      const stop = end < 0 ? text.length : end + 1;
      out += text.slice(index, stop);
      index = stop;
    } else if (text.startsWith('--', index) || text.startsWith('/*', index)) {
      const lineComment = char === '-';
      const end = text.indexOf(lineComment ? '\n' : '*/', index + 2);
      const stop = end < 0 ? text.length : end + (lineComment ? 1 : 2);
      out += text.slice(index, stop);
      index = stop;
    } else {
      out += char === '?' && text[index - 1] !== '+' ? '+?' : char;
      index += 1;
    }
  }
  return out;
}

/** The connection, its statements prepared from keptPlanText. */
export function withKeptPlans(connection: Database.Database): Database.Database {
  const prepare = connection.prepare.bind(connection);
  connection.prepare = ((text: string) => prepare(keptPlanText(text))) as typeof connection.prepare;
  return connection;
}
