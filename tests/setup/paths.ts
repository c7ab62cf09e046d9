import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const tmpRoot = path.join(repoRoot, 'tests', '.tmp');
/**
 * This run's own folder, made by the global setup and handed to the workers through the
 * environment: test runs started at the same time in one checkout never delete each other's files.
 */
export const runDir = process.env.TEST_RUN_DIR ?? tmpRoot;
export const baseDbFile = path.join(runDir, 'base.db');
