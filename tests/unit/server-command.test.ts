import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY, SERVER_NODE_ARGS } from '../../scripts/server-command.mjs';
import { repoRoot } from '../setup/paths.ts';

describe('the command that starts the web process', () => {
  it('is the same in `npm start` as in the tests and the benchmarks (scripts/server-command.mjs)', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe(`node scripts/ensure-built.mjs && node ${[...SERVER_NODE_ARGS, SERVER_ENTRY].join(' ')}`);
  });
});
