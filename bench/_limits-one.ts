// Probe: the limits bench's rows for one engine on a site already filled (DB: a SQLite file or a PostgreSQL URL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureEngine } from './limits.ts';
const db = process.env.DB ?? '/tmp/p/site.db';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limits-one-'));
await measureEngine(db.startsWith('postgres') ? 'PostgreSQL' : 'SQLite', db, path.join(dir, 'storage'), dir);
fs.rmSync(dir, { recursive: true, force: true });
