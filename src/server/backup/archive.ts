// Backups: one .tar.gz with the database and the storage folder (docs/decisions/020).
export { createBackup } from './create.ts';
export { BackupError } from './format.ts';
export { defaultRestoreLimits, restoreLimitsFor, type RestoreLimits } from './limits.ts';
export { restoreBackup } from './restore.ts';
