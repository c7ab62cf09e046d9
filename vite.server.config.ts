import { defineConfig } from 'vite';

/**
 * The web process as `npm start` runs it (docs/decisions/040): one built file instead of some 450
 * TypeScript sources stripped at start and drizzle-orm's 180 KB package.json read again for each of
 * its modules, whose leftovers kept about 30 MB of the process's memory. Packages stay in
 * node_modules except drizzle-orm: the server renderer (dist/server) must share the very same
 * copies of React, tRPC, TanStack Query, i18next and superjson, and native modules cannot be bundled.
 * Every file lands in dist/node/ itself (src/server/paths.ts counts on that depth).
 */
export default defineConfig({
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist/node',
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    rolldownOptions: {
      input: {
        index: 'src/server/index.ts',
        // Started by src/server/search/workers/pool.ts and src/server/uploads/workers/pool.ts (src/server/paths.ts workerScript).
        'search-thread': 'src/server/search/workers/thread.ts',
        'upload-child': 'src/server/uploads/workers/child.ts',
      },
      // Escaped to ASCII and without comments: V8 keeps each module's source text for as long as the
      // process runs, two bytes a character once a single one is not Latin-1 (the Persian messages,
      // a typographic apostrophe in a comment), one byte otherwise (docs/decisions/050).
      output: { format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs', charset: 'ascii', comments: false },
    },
  },
  ssr: { noExternal: ['drizzle-orm'] },
});
