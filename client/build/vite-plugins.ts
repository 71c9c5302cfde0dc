import { createHash } from 'node:crypto';
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

const PWA_DIR = join(import.meta.dirname, '..', 'pwa');
/** The icons made from client/pwa/icon.svg: what a phone's home screen and an install prompt show. */
const ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { file: 'icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

/**
 * Installable: the web app manifest (named in both languages, starting at /profiles), its icons
 * rendered from the project's SVG, the offline page, and a service worker (client/pwa/sw.js) whose
 * cache is named after this build's files, so each build replaces the last. It keeps the app's
 * shell (the entry's code and styles, the fonts, the offline page) and never the API's answers.
 */
export function webApp(): Plugin {
  return {
    name: 'quiz-ladder:web-app',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const sharp = (await import('sharp')).default;
      const svg = readFileSync(join(PWA_DIR, 'icon.svg'));
      for (const icon of ICONS) {
        const png = await sharp(svg, { density: 300 }).resize(icon.size, icon.size).png().toBuffer();
        this.emitFile({ type: 'asset', fileName: icon.file, source: png });
      }
      const manifest = {
        name: 'Quiz Ladder · Leo Thang Tri Thức',
        short_name: 'Quiz Ladder',
        description: 'A bilingual family quiz game · Trò chơi đố vui song ngữ cho cả gia đình',
        start_url: '/profiles',
        scope: '/',
        display: 'standalone',
        background_color: '#0b1446',
        theme_color: '#0b1446',
        icons: ICONS.map((icon) => ({
          src: `/${icon.file}`,
          sizes: `${icon.size}x${icon.size}`,
          type: 'image/png',
          purpose: icon.purpose,
        })),
      };
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: JSON.stringify(manifest, null, 2) });
      for (const file of ['offline.html', 'offline.css']) {
        this.emitFile({ type: 'asset', fileName: file, source: readFileSync(join(PWA_DIR, file)) });
      }
      // The shell: the entry chunk with its imports and styles, both languages' first strings (a
      // switch while the network is down still works), the fonts, the offline page, the icons.
      const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      const entryFiles =
        entry && entry.type === 'chunk'
          ? [entry.fileName, ...entry.imports, ...(entry.viteMetadata?.importedCss ?? [])]
          : [];
      const firstStrings = Object.values(bundle)
        .filter(
          (chunk) => chunk.type === 'chunk' && /\/client\/src\/locales\/[a-z]{2}\.ts$/.test(chunk.facadeModuleId ?? ''),
        )
        .map((chunk) => chunk.fileName);
      const fonts = Object.keys(bundle).filter((file) => /\.woff2$/.test(file));
      const shell = [
        ...new Set([
          ...entryFiles,
          ...firstStrings,
          ...fonts,
          'offline.html',
          'offline.css',
          'favicon.svg',
          ...ICONS.map((i) => i.file),
        ]),
      ].map((file) => `/${file}`);
      const version = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 12);
      const worker = readFileSync(join(PWA_DIR, 'sw.js'), 'utf8')
        .replace("'__VERSION__'", JSON.stringify(version))
        .replace('__SHELL__', JSON.stringify(shell));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker });
    },
    // The manifest link is added by the page once it has loaded (client/src/main.tsx): Chrome
    // fetches a manifest at once, a request the first screen would otherwise share the network with.
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/icon-192.png' }, injectTo: 'head' },
    ],
  };
}
