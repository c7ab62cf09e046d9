// Runs one restore in a process of its own and prints, as one JSON line, how long it took, the
// process's peak memory and why it was refused (null when it was not). Used by the restore tests
// and by bench/restore.ts: memory is only measurable per process.
//   node --experimental-strip-types tests/setup/restore-child.ts ARCHIVE DB_FILE STORAGE_DIR
import fs from 'node:fs';
import { restoreBackup } from '../../src/server/backup/archive.ts';

const [archive, dbFile, storageDir] = process.argv.slice(2);
if (!archive || !dbFile || !storageDir) throw new Error('Usage: restore-child.ts ARCHIVE DB_FILE STORAGE_DIR');
const started = performance.now();
let refusal: string | null = null;
try {
  await restoreBackup(archive, { dbFile, storageDir });
} catch (error) {
  refusal = (error as Error).message;
}
const ms = Math.round(performance.now() - started);
// This process's own peak (VmHWM): getrusage's maxRSS carries the parent's peak over fork and exec.
const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
const peakKb = hwm ? Number(hwm[1]) : process.resourceUsage().maxRSS;
console.log(JSON.stringify({ ms, peakMb: Math.round(peakKb / 1024), refusal }));
