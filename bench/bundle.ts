import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export type FirstLoad = {
  files: { path: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
};

/** `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`: never `import("./x.js")`. */
const STATIC_IMPORT = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$\s{},*]*?\bfrom\s*)?(["'])([^"'`\s]+?\.js)\1/g;

function staticImportsOf(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((match) => match[2] as string);
}

/**
 * The JavaScript a first page load fetches: index.html's entry module and modulepreloads, and
 * every chunk they import statically (lazy routes' chunks, loaded by import(), are not counted).
 */
export function firstLoadJavaScript(publicDir: string): FirstLoad | null {
  const indexFile = join(publicDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const html = readFileSync(indexFile, 'utf8');
  const roots = [
    ...[...html.matchAll(/<script\b[^>]*\btype=["']?module["']?[^>]*\bsrc=["']([^"']+)["']/g)].map(
      (m) => m[1] as string,
    ),
    ...[...html.matchAll(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*\bhref=["']([^"']+)["']/g)].map(
      (m) => m[1] as string,
    ),
  ];
  const seen = new Set<string>();
  const queue = roots.map((src) => posix.normalize(src.replace(/^\//, '')));
  const files: FirstLoad['files'] = [];
  while (queue.length > 0) {
    const path = queue.shift() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    const file = join(publicDir, path);
    if (!existsSync(file)) throw new Error(`index.html names ${path}, which is not in ${publicDir}`);
    const code = readFileSync(file);
    files.push({ path, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length });
    for (const specifier of staticImportsOf(code.toString('utf8'))) {
      if (!specifier.startsWith('.') && !specifier.startsWith('/')) continue; // bare specifiers do not occur in a build
      const target = specifier.startsWith('/')
        ? posix.normalize(specifier.slice(1))
        : posix.normalize(posix.join(dirname(path), specifier));
      if (existsSync(join(publicDir, target))) queue.push(target);
    }
  }
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

/** A built file's gzipped size (level 9, as the first load's is counted); 0 for a file not in the build. */
export function gzippedBytes(publicDir: string, urlPath: string): number {
  const file = join(publicDir, posix.normalize(urlPath.replace(/^\//, '')));
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}
