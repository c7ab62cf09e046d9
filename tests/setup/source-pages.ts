import fs from 'node:fs';
import path from 'node:path';
import type { TestDeps } from './test-db.ts';
import { repoRoot } from './paths.ts';

declare global {
  /** Page renders done by the source renderer of sourcePages (each pass of React's renderer counts). */
  var pageRenderPasses: number | undefined;
}

/**
 * A client folder for the real app without a build: the repository's page template, and a server
 * entry that is the client's own entry-server.tsx (loaded through Vitest), counting every pass of
 * the page renderer in `globalThis.pageRenderPasses`.
 */
export function sourcePages(deps: TestDeps): string {
  const clientDir = path.join(deps.dir, 'client');
  fs.mkdirSync(clientDir, { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'index.html'), path.join(clientDir, 'index.html'));
  fs.mkdirSync(path.join(deps.dir, 'server'), { recursive: true });
  const entry = JSON.stringify(path.join(repoRoot, 'src/client/entry-server.tsx'));
  fs.writeFileSync(
    path.join(deps.dir, 'server', 'entry-server.js'),
    [
      `import { render as renderPage } from ${entry};`,
      `export { pageAddress } from ${entry};`,
      'export async function render(...args) {',
      '  const result = await renderPage(...args);',
      '  globalThis.pageRenderPasses = (globalThis.pageRenderPasses ?? 0) + result.passes;',
      '  return result;',
      '}',
      '',
    ].join('\n'),
  );
  return clientDir;
}

/** Page renders so far (see sourcePages). */
export const pageRenders = () => globalThis.pageRenderPasses ?? 0;
