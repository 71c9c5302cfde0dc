import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The font files every page's text uses (Nunito's Latin subset at the three weights the styles
 * name), preloaded from index.html so the first paint does not wait for the CSS to ask for them.
 * The Vietnamese subset loads when Vietnamese text is shown (the CSS's unicode-range).
 */
const PRELOADED_FONTS = /^assets\/nunito-latin-(400|700|800)-normal-[\w-]+\.woff2$/;

function preloadFonts(): Plugin {
  return {
    name: 'quiz-ladder:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        Object.keys(context.bundle ?? {})
          .filter((file) => PRELOADED_FONTS.test(file))
          .sort()
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head' as const,
          })),
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.PORT || 3000}`;
// Written as objects: a plain string would set changeOrigin, and the API, seeing Vite's own Host
// instead of the browser's, would refuse every sign-in (its Host and Origin checks).
const toApi = { target: apiTarget };

export default defineConfig({
  root: 'client',
  plugins: [react(), preloadFonts()],
  build: { outDir: '../dist/public', emptyOutDir: true, target: 'es2022' },
  server: {
    port: Number(process.env.VITE_PORT || 5173),
    strictPort: true,
    proxy: { '/api': toApi, '/trpc': toApi, '/auth': toApi, '/uploads': toApi },
  },
});
