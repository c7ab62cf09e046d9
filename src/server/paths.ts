import { fileURLToPath } from 'node:url';

/**
 * The repository's root, whether this code runs from its source (src/server/) or from the built
 * server (dist/node/, every file at that one level: vite.server.config.ts), both two levels down.
 */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Whether this code runs from the built server rather than from its TypeScript source. */
const built = !import.meta.url.endsWith('.ts');

/**
 * A script a worker thread or child process runs: its source beside the module that starts it, or,
 * in the built server, the entry the build made of it (vite.server.config.ts names them).
 */
export function workerScript(source: URL, builtName: string): URL {
  return built ? new URL(`./${builtName}`, import.meta.url) : source;
}
