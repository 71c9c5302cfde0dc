import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { createTestDb } from '../test/db';
import { type BuildManifest, pagePreloadTags, stringsPreloadTags } from './page-preloads';

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_react-B.js'] },
  '_react-B.js': { file: 'assets/react-B.js' },
  '_header-C.js': { file: 'assets/header-C.js', imports: ['_react-B.js', '_icons-D.js'] },
  '_icons-D.js': { file: 'assets/icons-D.js', imports: ['_header-C.js'] },
  'src/features/game/game.page.tsx': {
    file: 'assets/game-page-E.js',
    imports: ['_react-B.js', '_header-C.js', 'index.html'],
  },
};

describe('page preloads', () => {
  it('name the page’s chunk and what it imports, transitively, but not what the first load brings', () => {
    expect(pagePreloadTags(manifest, '/game')).toBe(
      [
        '<link rel="modulepreload" crossorigin href="/assets/game-page-E.js">',
        '<link rel="modulepreload" crossorigin href="/assets/header-C.js">',
        '<link rel="modulepreload" crossorigin href="/assets/icons-D.js">',
      ].join(''),
    );
  });

  it('are none for an address without a lazy page, or a page the build does not have', () => {
    expect(pagePreloadTags(manifest, '/')).toBe('');
    expect(pagePreloadTags(manifest, '/profiles')).toBe('');
  });
});

describe('strings preloads', () => {
  const withStrings: BuildManifest = {
    ...manifest,
    'src/locales/en.ts': { file: 'assets/en-F.js' },
    'src/locales/vi.ts': { file: 'assets/vi-G.js' },
  };

  it('name the chunk of every page’s strings in the language asked for', () => {
    expect(stringsPreloadTags(withStrings, 'vi')).toBe('<link rel="modulepreload" crossorigin href="/assets/vi-G.js">');
    expect(stringsPreloadTags(withStrings, 'en')).toBe('<link rel="modulepreload" crossorigin href="/assets/en-F.js">');
  });

  it('are none for a build whose strings come with its first load', () => {
    expect(stringsPreloadTags(manifest, 'vi')).toBe('');
  });
});

describe('a page served', () => {
  const root = mkdtempSync(join(tmpdir(), 'quiz-ladder-preloads-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, '.vite'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><head><title>Quiz Ladder</title></head><div id="root"></div>',
  );
  const built: BuildManifest = {
    ...manifest,
    'src/locales/en.ts': { file: 'assets/en-F.js' },
    'src/locales/vi.ts': { file: 'assets/vi-G.js' },
  };
  writeFileSync(join(root, '.vite', 'manifest.json'), JSON.stringify(built));
  const served = async (url: string, headers: Record<string, string>) => {
    const app = await createTestApp(createTestDb(), { publicDir: root });
    return (await app.inject({ method: 'GET', url, headers })).body;
  };

  it('preloads the strings of the language the browser will pick, with the page’s code', async () => {
    const vietnamese = await served('/game', { 'accept-language': 'vi-VN,vi;q=0.9' });
    expect(vietnamese).toContain('<link rel="modulepreload" crossorigin href="/assets/vi-G.js">');
    expect(vietnamese).not.toContain('en-F.js');
    expect(vietnamese).toContain('href="/assets/game-page-E.js"');
    const english = await served('/', { 'accept-language': 'vi-VN', cookie: 'lng=en' });
    expect(english).toContain('<link rel="modulepreload" crossorigin href="/assets/en-F.js">');
    expect(english).not.toContain('vi-G.js');
  });
});
