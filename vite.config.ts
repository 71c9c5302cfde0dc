import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress, preloadFonts, webApp } from './client/build/vite-plugins.ts';

/**
 * Fewer, larger chunks for the player's pages: left alone, Rolldown gives every module shared by
 * two lazy pages a chunk of its own (21 requests for /profiles became 27, half of them under 1 KB,
 * and Lighthouse's first paint moved by 0.2 s). So: everything the first load needs is one chunk;
 * the header and its helpers, on every signed-in page, are one more; what /pre-game and /game
 * share (speech, numbers, the confirmation) is a third. Admin and the rare pages split as they like.
 */
// Module ids use forward slashes on every platform.
const sourceFile = (pattern: string) => new RegExp(`/client/src/(${pattern})\\.tsx?$`);
const chunkGroups = [
  { name: 'app', tags: ['$initial' as const], priority: 3 },
  {
    name: 'signed-in',
    test: sourceFile('components/(header|account-menu)|lib/(errors|spatial-navigation)'),
    priority: 2,
  },
  {
    name: 'play',
    test: sourceFile('features/game/(speech|voice)|lib/format|components/confirm-dialog'),
    minShareCount: 2,
    priority: 1,
  },
];

const apiTarget = `http://127.0.0.1:${process.env.PORT || 3000}`;
// Written as objects: a plain string would set changeOrigin, and the API, seeing Vite's own Host
// instead of the browser's, would refuse every sign-in (its Host and Origin checks).
const toApi = { target: apiTarget };

export default defineConfig({
  root: 'client',
  plugins: [react(), preloadFonts(), webApp(), precompress()],
  // The manifest tells the server which chunks each page needs (server/http/page-preloads.ts).
  build: {
    outDir: '../dist/public',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    port: Number(process.env.VITE_PORT || 5173),
    strictPort: true,
    proxy: { '/api': toApi, '/trpc': toApi, '/auth': toApi, '/uploads': toApi },
  },
});
