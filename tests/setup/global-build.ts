import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './paths.ts';

/** Builds the client once per browser-test run, so the tests see exactly what `npm start` serves. */
export default function setup() {
  execFileSync(process.execPath, [path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' });
}
