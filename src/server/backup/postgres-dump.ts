import { DUMP_READ_OPTIONS } from './database-dump-postgres.ts';
import { BackupError } from './format.ts';
import { DumpRefused, DumpScanner } from './postgres-dump-scanner.ts';
import { JOURNAL_TABLE, MAX_SCHEMA_BYTES, normalizeScript, type DumpReference } from './postgres-reference.ts';
import { OutputTooLarge, runTool, toolOutput } from './postgres-tools.ts';

/**
 * Checks a PostgreSQL dump from a backup before any of it reaches a database (decision 027),
 * reading it only with pg_restore's script output, which connects to nothing:
 *
 * - its header: a custom-format archive, uncompressed (the archive's gzip bounds are then the only
 *   inflating, decision 020);
 * - its schema, exactly the SQL a dump of this version's migrations holds: no function, trigger,
 *   view, extension, policy, table or column of anyone else's, no different default or key;
 * - its data section: outside the rows, only the COPY and sequence statements of the site's own
 *   tables, and the migrator's journal exactly ours.
 *
 * pg_restore runs with these same options when it restores, so what it executes is what was read.
 */
export async function checkPostgresDump(dump: string, reference: DumpReference, label: string): Promise<void> {
  const refuse = (why: string): never => {
    throw new BackupError(`${label} ${why}`);
  };
  const list = await readOrRefuse(() => toolOutput('pg_restore', ['--list', dump], MAX_SCHEMA_BYTES), label);
  if (!/^;\s+Format: CUSTOM$/m.test(list)) refuse('is not a custom-format dump.');
  if (!/^;\s+Compression: (0|none)$/m.test(list)) refuse('is compressed; the site writes its dumps uncompressed.');

  const schema = normalizeScript(
    await readOrRefuse(() => toolOutput('pg_restore', ['--schema-only', ...DUMP_READ_OPTIONS, '--file=-', dump], MAX_SCHEMA_BYTES), label),
  );
  if (schema !== reference.schema) {
    const ours = reference.schema.split('\n');
    const theirs = schema.split('\n');
    const at = theirs.findIndex((line, index) => line !== ours[index]);
    // The first statement line from where they part (a comment line names what comes next).
    const differing = at === -1 ? ["its end, where the site's schema goes on"] : theirs.slice(at).filter((line) => line !== '' && !line.startsWith('--'));
    refuse(
      `does not hold the schema this version's migrations make (from line ${(at === -1 ? theirs.length : at) + 1}: ${(differing[0] ?? 'its end').slice(0, 160)}). A backup restores onto the version of the site that made it.`,
    );
  }

  const scanner = new DumpScanner({ statements: reference.statements, capture: JOURNAL_TABLE });
  const run = runTool('pg_restore', ['--data-only', ...DUMP_READ_OPTIONS, '--file=-', dump]);
  try {
    for await (const chunk of run.stdout) scanner.write(chunk as Buffer);
    await run.done;
    scanner.end();
  } catch (error) {
    run.kill();
    await run.done.catch(() => undefined);
    if (error instanceof DumpRefused) refuse(error.message);
    refuse(`is not a dump pg_restore can read: ${(error as Error).message}`);
  }
  if (scanner.captured !== reference.journal) refuse("holds a migration journal other than this version's: it was written by another version of the site.");
}

async function readOrRefuse(read: () => Promise<string>, label: string): Promise<string> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof OutputTooLarge) throw new BackupError(`${label} holds a schema far larger than the site's.`);
    throw new BackupError(`${label} is not a dump pg_restore can read: ${(error as Error).message}`);
  }
}
