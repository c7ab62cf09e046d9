import { describe, expect, it } from 'vitest';
import { DumpRefused, DumpScanner } from '../../src/server/backup/postgres-dump-scanner.ts';

// The statements a reference dump's data section holds (postgres-reference.ts collects them the same way).
const reference = ['SET client_encoding = \'UTF8\';', 'BEGIN;', 'COMMIT;', 'COPY public.posts (id, title_en) FROM stdin;', "SELECT pg_catalog.setval('public.posts_id_seq', 1, false);", 'COPY drizzle.__drizzle_migrations (id, hash, created_at) FROM stdin;'];

function allowed(): Set<string> {
  const collect = new DumpScanner({ statements: null, capture: 'drizzle.__drizzle_migrations' });
  collect.write(Buffer.from(reference.map((line) => (line.startsWith('COPY') ? `${line}\n\\.` : line)).join('\n') + '\n'));
  collect.end();
  return collect.statements;
}

/** Scans `text`, handed over in pieces of `piece` bytes; returns the captured journal. */
function scan(text: string, piece = 7): string {
  const scanner = new DumpScanner({ statements: allowed(), capture: 'drizzle.__drizzle_migrations' });
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += piece) scanner.write(bytes.subarray(at, at + piece));
  scanner.end();
  return scanner.captured;
}

const genuine = [
  '--',
  '-- Data for Name: posts; Type: TABLE DATA; Schema: public; Owner: -',
  "SET client_encoding = 'UTF8';",
  'BEGIN;',
  'COPY public.posts (id, title_en) FROM stdin;',
  '1\tA title with \\\\. and DROP TABLE users; inside',
  '2\t' + 'long row '.repeat(20_000),
  '\\.',
  'COPY drizzle.__drizzle_migrations (id, hash, created_at) FROM stdin;',
  '1\tabc\t1795637295791',
  '\\.',
  "SELECT pg_catalog.setval('public.posts_id_seq', 2, true);",
  'COMMIT;',
  '',
].join('\n');

describe("the scanner of a PostgreSQL dump's data section", () => {
  it('passes the site’s own statements and any rows, in whatever pieces they arrive, keeping the journal', () => {
    expect(scan(genuine)).toBe('1\tabc\t1795637295791\n');
    expect(scan(genuine, 1)).toBe('1\tabc\t1795637295791\n');
    expect(scan(genuine, 65536)).toBe('1\tabc\t1795637295791\n');
  });

  it('refuses a statement the site’s dumps never hold, even after an end of rows hidden in the rows', () => {
    expect(() => scan(genuine.replace('COMMIT;', "SELECT pg_catalog.lo_create('16400');\nCOMMIT;"))).toThrow(/never holds: SELECT pg_catalog\.lo_create/);
    expect(() => scan(genuine.replace('1\tA title', '\\.\nDROP TABLE public.users;\n1\tA title'))).toThrow(/never holds: DROP TABLE/);
    expect(() => scan(genuine.replace("'public.posts_id_seq', 2, true", "'public.posts_id_seq', 2, true); DROP TABLE x; --"))).toThrow(DumpRefused);
  });

  it('refuses a damaged end of rows, a carriage return, an overlong statement and rows that never end', () => {
    expect(() => scan(genuine.replace('2\tlong', '\\.x\n2\tlong'))).toThrow(/damaged end/);
    expect(() => scan(genuine.replace('-- Data for', '-- Data\rDROP TABLE x; for'))).toThrow(/carriage return/);
    expect(() => scan(genuine.replace('BEGIN;', `-- ${'x'.repeat(70_000)}\nBEGIN;`))).toThrow(/longer than/);
    expect(() => scan(genuine.slice(0, genuine.indexOf('\\.\nCOPY drizzle')))).toThrow(/ends inside the rows/);
    expect(() => scan(genuine.replace('\\.\nSELECT', '\\.\nCOPY public.posts (id, title_en) FROM stdin;\n\\.\nSELECT'))).toThrow(/twice/);
  });
});
