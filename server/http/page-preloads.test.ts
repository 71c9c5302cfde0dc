import { describe, expect, it } from 'vitest';
import { type BuildManifest, pagePreloadTags } from './page-preloads';

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
