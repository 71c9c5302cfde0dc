/**
 * Moving the focus where an action's outcome is, reliably. A target found and focused in the
 * handler of the action is often not there yet (React renders later, in its own task), or not
 * focusable yet (still disabled, or behind a modal dialog that is closing): the focus then fell to
 * <body>, in a race. Here the target is looked for again at each change of the page until it
 * takes the focus, or until someone else moves the focus (the user, a dialog opening): theirs wins.
 */

type Find = () => HTMLElement | null | undefined;

type Options = {
  /** Focused instead if the target has not taken the focus within two seconds (a page with no heading). */
  fallback?: Find;
  /**
   * Only once the focus is lost (on <body>): when what comes after (a dialog, a menu's next step)
   * may place the focus itself, and this is the way back only if it does not.
   */
  whileLost?: boolean;
  /** Focus without scrolling to it: the caller shows what matters (a countdown pinned in view beside a question). */
  preventScroll?: boolean;
};

const FALLBACK_AFTER_MS = 2000;
const GIVE_UP_MS = 10_000;

/** Focuses what `find` returns as soon as it can take the focus; returns a function that gives up. */
export function focusWhenReady(find: Find, options: Options = {}): () => void {
  let finished = false;
  let ours = false;
  const tryFocus = (candidate: Find): HTMLElement | null => {
    const element = candidate();
    if (!element?.isConnected) return null;
    ours = true;
    try {
      element.focus({ preventScroll: options.preventScroll ?? false });
    } finally {
      ours = false;
    }
    return document.activeElement === element ? element : null;
  };
  const lost = () => document.activeElement === null || document.activeElement === document.body;
  const attempt = () => {
    if (finished || (options.whileLost && !lost())) return;
    if (tryFocus(find)) stop();
  };
  // Someone else moved the focus meanwhile: theirs is the newer decision.
  const onFocusIn = () => {
    if (!ours) stop();
  };
  const observer = new MutationObserver(attempt);
  const timers: ReturnType<typeof setTimeout>[] = [];
  function stop() {
    finished = true;
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn, true);
    for (const timer of timers) clearTimeout(timer);
  }

  observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  document.addEventListener('focusin', onFocusIn, true);
  // Timers as a backstop: what lets a target take the focus is nearly always a change to the page.
  timers.push(setTimeout(attempt, 0), setTimeout(stop, GIVE_UP_MS));
  const { fallback } = options;
  if (fallback) {
    timers.push(
      setTimeout(() => {
        if (finished) return;
        if (tryFocus(fallback)) stop();
      }, FALLBACK_AFTER_MS),
    );
  }
  attempt();
  return stop;
}

/** It can take the focus now or once a closing dialog is gone: in the page, shown, not disabled. */
function usable(element: Element | null | undefined): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element !== document.body &&
    element.isConnected &&
    element.getClientRects().length > 0 &&
    !element.matches(':disabled')
  );
}

/**
 * Focus back to a dialog's opener once the dialog has gone, if it still can take it, else to the
 * fallback (a menu item's menu button, when the menu closed with the dialog's opening).
 */
export function returnFocusTo(opener: Element | null, fallback?: Find, options: Options = {}): () => void {
  return focusWhenReady(() => (usable(opener) ? opener : fallback?.()), options);
}

/** A heading or a landmark that takes the focus from a script only (not a tab stop). */
export function scriptFocusable<T extends HTMLElement>(element: T | null): T | null {
  if (element && !element.hasAttribute('tabindex')) element.tabIndex = -1;
  return element;
}
