import type { ComponentType } from 'react';
import { ROUTES, type RouteName, routeAt } from '#shared/routes.ts';
import { type LazyPage, lazyPage, registerPages } from './lib/lazy-page';

/**
 * Every route's page module (`*.page.tsx`, named in shared/routes.ts), each a chunk of its own:
 * only the sign-in screen is in the first load, every other page's code arrives when it is needed.
 */
const pageModules = import.meta.glob<{ default: ComponentType }>('./features/*/*.page.tsx');

type PagedRoute = { [Name in RouteName]: (typeof ROUTES)[Name]['page'] extends string ? Name : never }[RouteName];

function loadPage(page: string): LazyPage {
  const load = pageModules[`./${page}`];
  if (!load) throw new Error(`No page module ${page} (shared/routes.ts)`);
  return lazyPage(load);
}

/** Each route's page by the route's name. */
export const pages = Object.fromEntries(
  Object.entries(ROUTES).flatMap(([name, route]) => (route.page ? [[name, loadPage(route.page)]] : [])),
) as Record<PagedRoute, LazyPage>;

const byPath = new Map<string, LazyPage>(
  Object.entries(pages).map(([name, page]) => [ROUTES[name as PagedRoute].path, page]),
);
registerPages(Object.fromEntries(byPath));

/** The lazily loaded page at an address (the admin area for any /admin/… one). */
export function pageAt(pathname: string): LazyPage | undefined {
  const route = routeAt(pathname);
  return route ? byPath.get(route.path) : undefined;
}
