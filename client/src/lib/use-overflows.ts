import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element's content overflows it (it scrolls), followed as its size changes. A
 * scrolling region is a tab stop, so that the keyboard can scroll it (WCAG 2.1.1); one that shows
 * everything is not, or it is a stop that does nothing.
 */
export function useOverflows(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setOverflows(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
