import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress, preloadFonts, webApp } from './client/build/vite-plugins.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT || 3000}`;
// Written as objects: a plain string would set changeOrigin, and the API, seeing Vite's own Host
// instead of the browser's, would refuse every sign-in (its Host and Origin checks).
const toApi = { target: apiTarget };

export default defineConfig({
  root: 'client',
  plugins: [react(), preloadFonts(), webApp(), precompress()],
  // The manifest tells the server which chunks each page needs (server/http/page-preloads.ts).
  build: { outDir: '../dist/public', emptyOutDir: true, target: 'es2022', manifest: true },
  server: {
    port: Number(process.env.VITE_PORT || 5173),
    strictPort: true,
    proxy: { '/api': toApi, '/trpc': toApi, '/auth': toApi, '/uploads': toApi },
  },
});
