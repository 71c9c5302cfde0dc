import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_SOURCES, pageSourceFor, paths } from '../../shared/routes';

describe('the pages the server preloads', () => {
  it('are the modules pages.ts loads, for the same addresses', () => {
    const pages = readFileSync(join(import.meta.dirname, 'pages.ts'), 'utf8');
    for (const [path, source] of Object.entries(PAGE_SOURCES)) {
      expect(existsSync(join(import.meta.dirname, '..', source)), source).toBe(true);
      const specifier = `./${source.replace(/^src\//, '').replace(/\.tsx$/, '')}`;
      expect(pages, path).toContain(`import('${specifier}')`);
    }
    expect(pages.match(/import\('/g)).toHaveLength(Object.keys(PAGE_SOURCES).length);
  });

  it('take the admin area for every /admin address and nothing for the sign-in screen', () => {
    expect(pageSourceFor('/admin/edit-question/12')).toBe(PAGE_SOURCES[paths.admin]);
    expect(pageSourceFor('/')).toBeUndefined();
    expect(pageSourceFor('/nope')).toBeUndefined();
  });
});
