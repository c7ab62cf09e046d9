import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const tmpRoot = path.join(repoRoot, 'tests', '.tmp');
export const baseDbFile = path.join(tmpRoot, 'base.db');
