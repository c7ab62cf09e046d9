import fs from 'node:fs';
import { openAndMigrate } from '../../src/server/db/client.ts';
import { baseDbFile, tmpRoot } from './paths.ts';

/** Migrates one base database per run; every test file then copies it (rule 6: fast and isolated). */
export default function setup() {
  fs.rmSync(tmpRoot, { recursive: true, force: true });
  fs.mkdirSync(tmpRoot, { recursive: true });
  const db = openAndMigrate(baseDbFile);
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
}
