import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    sourcemap: false,
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
});
