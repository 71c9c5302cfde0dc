import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '#shared/i18n.ts';
import { pageSourceFor } from '#shared/routes.ts';

/** Vite's build manifest (dist/public/.vite/manifest.json): each source module's chunk and the chunks it imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

export function readBuildManifest(publicDir: string): BuildManifest | null {
  const file = join(publicDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : null;
}

/** A chunk and every chunk it imports, transitively, as files under the public folder. */
function chunkClosure(manifest: BuildManifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return new Set();
  seen.add(key);
  const files = new Set([chunk.file]);
  for (const imported of chunk.imports ?? []) {
    for (const file of chunkClosure(manifest, imported, seen)) files.add(file);
  }
  return files;
}

/** The <link rel="modulepreload"> tags for a lazy chunk's source module and those it imports, minus what index.html loads anyway. */
function lazyChunkPreloadTags(manifest: BuildManifest, source: string): string {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = entryKey ? chunkClosure(manifest, entryKey) : new Set<string>();
  return [...chunkClosure(manifest, source)]
    .filter((file) => !loaded.has(file) && file.endsWith('.js'))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

/**
 * The <link rel="modulepreload"> tags for the page at `pathname`: its own chunk and those it
 * imports, minus what index.html loads anyway. The browser fetches them with the first load's
 * code instead of after it has run (one round trip less before the page shows).
 */
export function pagePreloadTags(manifest: BuildManifest, pathname: string): string {
  const source = pageSourceFor(pathname);
  return source ? lazyChunkPreloadTags(manifest, source) : '';
}

/**
 * The tag for the chunk of every page's strings in `language` (client/src/locales/<language>.ts,
 * which client/src/lib/i18n.ts imports before the first render), fetched likewise with the first
 * load's code.
 */
export function stringsPreloadTags(manifest: BuildManifest, language: Language): string {
  return lazyChunkPreloadTags(manifest, `src/locales/${language}.ts`);
}
