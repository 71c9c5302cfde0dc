import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The font files every page's text uses (Nunito's Latin subset at the three weights the styles
 * name), preloaded from index.html so the first paint does not wait for the CSS to ask for them.
 * The Vietnamese subset loads when Vietnamese text is shown (the CSS's unicode-range).
 */
const PRELOADED_FONTS = /^assets\/nunito-latin-(400|700|800)-normal-[\w-]+\.woff2$/;

export function preloadFonts(): Plugin {
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
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `/${file}`,
              crossorigin: '',
              fetchpriority: 'low',
            },
            injectTo: 'head' as const,
          })),
    },
  };
}

/** Text files worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each built text asset, at the highest
 * levels (done once per build, not per request): the server sends the one the browser accepts
 * (@fastify/static's `preCompressed`).
 */
export function precompress(): Plugin {
  return {
    name: 'quiz-ladder:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      if (!options.dir) return;
      for (const file of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const path = join(options.dir, file);
        const source = readFileSync(path);
        if (source.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        const gzip = gzipSync(source, { level: 9 });
        if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
        if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
      }
    },
  };
}
