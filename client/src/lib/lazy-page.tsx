import { type ComponentType, createElement, lazy } from 'react';

/** `preload` resolves once the code is in, or could not be fetched (the page then tries again when shown). */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * A page whose code loads when it is first shown, like React's lazy(), that can also be fetched
 * ahead (`preload`). Once its code is in, it renders at once instead of suspending: React holds a
 * Suspense boundary's content back for 300 ms after showing its fallback, which a first load
 * would otherwise always pay.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const fetchCode = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    // A failed fetch is tried again the next time.
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  const Lazy = lazy(fetchCode);
  function Page() {
    return createElement(loaded ?? Lazy);
  }
  return Object.assign(Page, {
    preload: () =>
      fetchCode().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/** The pages by address (pages.ts registers them): what preloadPage finds the next page's code by. */
const registered = new Map<string, LazyPage>();

export function registerPages(byPath: Record<string, LazyPage>): void {
  for (const [path, page] of Object.entries(byPath)) registered.set(path, page);
}

/**
 * Fetches ahead the code of the page at `path`, by its address: a page preloads the next one
 * without importing pages.ts, which loads it back.
 */
export function preloadPage(path: string): Promise<void> {
  return registered.get(path)?.preload() ?? Promise.resolve();
}
