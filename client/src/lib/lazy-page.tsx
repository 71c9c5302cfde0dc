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
