import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { focusWhenReady, scriptFocusable } from './focus';

/**
 * A page change the user made (a link, a button, a form sent) moves the focus to the new page's
 * heading, or to its main region when it has none: a screen reader reads where it arrived, and
 * the keyboard goes on from there instead of from the top of the document (<body>). A page
 * opened or reloaded, and the redirects of its first load, leave the focus where the browser
 * puts it (the skip link comes first).
 */
export function useRouteFocus(): void {
  const [location] = useLocation();
  const shown = useRef(location);
  useEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    if (!userActed) return;
    return focusWhenReady(() => scriptFocusable(document.querySelector<HTMLElement>('#main h1')), {
      fallback: () => scriptFocusable(document.getElementById('main')),
    });
  }, [location]);
}

let userActed = false;
if (typeof window !== 'undefined') {
  const acted = () => {
    userActed = true;
  };
  window.addEventListener('pointerdown', acted, { capture: true, once: true });
  window.addEventListener('keydown', acted, { capture: true, once: true });
}
