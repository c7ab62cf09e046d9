import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPlan } from '../../scripts/ensure-built.mjs';

let root = '';
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const SOURCES = [
  'src/server/app.ts',
  'src/client/main.tsx',
  'src/shared/text.ts',
  'public/favicon.svg',
  'index.html',
  'vite.config.ts',
  'vite.server.config.ts',
  'package.json',
  'package-lock.json',
];
const BUILT = ['dist/client/index.html', 'dist/client/assets/app.js', 'dist/server/entry-server.js', 'dist/node/index.mjs'];

/** A checkout with every source written at `sourcesAt` and a complete build at `builtAt` (seconds). */
function checkout(sourcesAt: number, builtAt: number): string {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ensure-built-'));
  const write = (file: string, at: number, text = 'x') => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
    fs.utimesSync(path.join(root, file), at, at);
  };
  for (const file of SOURCES) write(file, sourcesAt);
  for (const file of BUILT) write(file, builtAt, file.endsWith('index.html') ? '<script src="/assets/app.js"></script>' : 'x');
  return root;
}
const touch = (file: string, at: number) => fs.utimesSync(path.join(root, file), at, at);

/**
 * `npm start` after pulling an update must not serve an old browser bundle against a new server:
 * what is older than its sources is built again (scripts/ensure-built.mjs).
 */
describe('what `npm start` builds before starting', () => {
  it('builds nothing when the build is newer than every source', () => {
    expect(buildPlan(checkout(1_000, 2_000))).toEqual([]);
  });

  it('builds the web process alone when only its sources changed', () => {
    checkout(1_000, 2_000);
    touch('src/server/app.ts', 3_000);
    expect(buildPlan(root)).toEqual(['server']);
    touch('vite.server.config.ts', 3_000);
    expect(buildPlan(root)).toEqual(['server']);
  });

  it('builds everything when what the pages are built from changed, or the build is incomplete', () => {
    for (const changed of ['src/client/main.tsx', 'src/shared/text.ts', 'public/favicon.svg', 'index.html', 'vite.config.ts', 'package-lock.json']) {
      checkout(1_000, 2_000);
      touch(changed, 3_000);
      expect(buildPlan(root), changed).toEqual(['build']);
      fs.rmSync(root, { recursive: true, force: true });
    }
    checkout(1_000, 2_000);
    fs.rmSync(path.join(root, 'dist/client/assets/app.js'));
    expect(buildPlan(root)).toEqual(['build']);
    fs.rmSync(path.join(root, 'dist/server/entry-server.js'));
    expect(buildPlan(root)).toEqual(['build']);
  });
});
