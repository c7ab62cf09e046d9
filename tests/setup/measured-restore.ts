import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './paths.ts';

const run = promisify(execFile);

export interface MeasuredRestore {
  /** Time inside the restore, without the process's start. */
  ms: number;
  /** The restoring process's peak resident memory, its start included. */
  peakMb: number;
  refusal: string | null;
}

/** One restore in a process of its own (tests/setup/restore-child.ts), measured. */
export async function measuredRestore(archive: string, target: { dbFile: string; storageDir: string }): Promise<MeasuredRestore> {
  const { stdout } = await run(
    process.execPath,
    [
      '--experimental-strip-types',
      '--disable-warning=ExperimentalWarning',
      path.join(repoRoot, 'tests/setup/restore-child.ts'),
      archive,
      target.dbFile,
      target.storageDir,
    ],
    { cwd: repoRoot, timeout: 120_000, maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as MeasuredRestore;
}
