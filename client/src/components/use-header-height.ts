import { type RefObject, useEffect } from 'react';

/**
 * The sticky header's height, as `--header-height` on the page, for its scroll padding: what gets
 * the focus is scrolled to below the header, however tall it is (two rows on a phone, more on a TV).
 */
export function useHeaderHeight(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--header-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, [header]);
}
