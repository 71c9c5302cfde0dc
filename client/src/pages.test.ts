import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageSourceFor, paths, ROUTES } from '#shared/routes.ts';
import { pageAt, pages } from './pages';

const routes = Object.entries(ROUTES) as [keyof typeof ROUTES, (typeof ROUTES)[keyof typeof ROUTES]][];

describe('the pages of shared/routes.ts', () => {
  it('each route with a page module has it, found by its address', () => {
    for (const [name, route] of routes) {
      if (route.page === null) {
        expect(pageAt(route.path), name).toBeUndefined();
      } else {
        expect(existsSync(join(import.meta.dirname, route.page)), route.page).toBe(true);
        expect(pageAt(route.path), name).toBe(pages[name as keyof typeof pages]);
      }
    }
  });

  it('every *.page.tsx module is a route’s page', () => {
    const modules = Object.keys(import.meta.glob('./features/*/*.page.tsx')).sort();
    const named = routes.flatMap(([, route]) => (route.page ? [`./${route.page}`] : [])).sort();
    expect(modules).toEqual(named);
  });

  it('the admin area is the page of every /admin address; the sign-in screen and unknown addresses have none', () => {
    expect(pageAt('/admin/edit-question/12')).toBe(pages.admin);
    expect(pageSourceFor('/admin/edit-question/12')).toBe(pageSourceFor(paths.admin));
    expect(pageSourceFor(paths.admin)).toBe('src/features/admin/admin.page.tsx');
    expect(pageSourceFor('/')).toBeUndefined();
    expect(pageSourceFor('/nope')).toBeUndefined();
    expect(pageAt('/nope')).toBeUndefined();
  });
});
