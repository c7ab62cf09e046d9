// Builds the web process (vite.server.config.ts) into dist/node: part of `npm run build`, and of
// `npm start` when a source file changed since the last build (scripts/ensure-built.mjs).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export function buildServer({ quiet = false } = {}) {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // NODE_ENV=test (Vitest) would make Vite build for development.
  execFileSync(process.execPath, [vite, 'build', '--config', 'vite.server.config.ts', ...(quiet ? ['--logLevel', 'warn'] : [])], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) buildServer();
