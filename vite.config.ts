import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress';

export default defineConfig({
  plugins: [react(), precompress()],
  root: '.',
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
});
