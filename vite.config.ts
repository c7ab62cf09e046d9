import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    sourcemap: false,
    // src/server/http/render.ts reads it to preload the chunks of the page it renders.
    manifest: true,
    rolldownOptions: {
      // The application, and the one small script a public page loads at first (src/client/wake.ts).
      input: { index: 'index.html', wake: 'src/client/wake.ts' },
      output: {
        // Everything the entry imports statically stays in the entry's one file: split in two (as the
        // page chunks' shared imports would have it) the same code compresses worse and costs a request.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'], test: (id: string) => !id.endsWith('/src/client/wake.ts') }] },
        // The server renderer's text is kept in the web process's memory as long as it runs: ASCII
        // only and without comments, one byte a character (vite.server.config.ts). The browser's
        // keeps its Persian as UTF-8, which is shorter on the wire than escapes.
        ...(isSsrBuild ? { charset: 'ascii' as const, comments: false } : {}),
      },
    },
  },
  server: {
    proxy: {
      '/trpc': 'http://localhost:3000',
      '/api': 'http://localhost:3000',
      '/storage': 'http://localhost:3000',
      '/sanctum': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
    },
  },
}));
