import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server.mjs';
import { repoRoot } from './paths.ts';

/** Builds the client, its server renderer and the web process once per browser-test run, exactly as `npm start` serves them. */
export default function setup() {
  // The e2e and cluster projects both ask for it; one run builds once.
  if (process.env.TEST_CLIENT_BUILT === '1') return;
  const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  // Vitest sets NODE_ENV=test, which would make Vite compile JSX for development (jsxDEV): build as production.
  const options = { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } } as const;
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], options);
  execFileSync(
    process.execPath,
    [vite, 'build', '--ssr', 'src/client/entry-server.tsx', '--outDir', 'dist/server', '--emptyOutDir', '--logLevel', 'warn'],
    options,
  );
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'precompress.mjs')], options);
  buildServer({ quiet: true });
  process.env.TEST_CLIENT_BUILT = '1';
  process.env.TEST_SERVER_BUILT = '1';
}
