import type { BrowserContext, Page } from 'playwright-core';

/**
 * Counts, in the page, each time something starts to be on screen: an element matching a
 * selector, or a text in an element matching it. A screen shown for a moment (the 2 s of a pick's
 * feedback) is counted even when the test looked too late on a busy machine, where waiting for it
 * to be visible could miss it. Counted in `window.__shown`, with where (`among`) and when (the
 * page's clock) each time, from each page load on.
 */
export type Watched = {
  selector: string;
  text?: string;
  /** Where it is shown is its place among the elements this selects (an answer among the four). */
  among?: string;
};

/** A pick's feedback on the game screen: the answer marked right, or wrong (its place among the four). */
export const MARKED_RIGHT: Watched = {
  selector: '.answers button.answer[data-state="correct"]',
  among: '.answers button.answer',
};
export const MARKED_WRONG: Watched = {
  selector: '.answers button.answer[data-state="wrong"]',
  among: '.answers button.answer',
};

const keyOf = ({ selector, text }: Watched) => (text === undefined ? selector : `${selector} ${text}`);

function recorder(watched: Watched[]) {
  return `(() => {
    const watched = ${JSON.stringify(watched.map((w) => ({ ...w, key: keyOf(w) })))};
    const shown = (window.__shown = {});
    const at = (window.__shownAt = {});
    const when = (window.__shownWhen = {});
    const was = {};
    const check = () => {
      for (const { selector, text, among, key } of watched) {
        const element = [...document.querySelectorAll(selector)].find(
          (candidate) => text === undefined || candidate.textContent.includes(text),
        );
        if (element && !was[key]) {
          shown[key] = (shown[key] || 0) + 1;
          (at[key] = at[key] || []).push(among ? [...document.querySelectorAll(among)].indexOf(element) : -1);
          (when[key] = when[key] || []).push(Date.now());
        }
        was[key] = Boolean(element);
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  })();`;
}

export async function recordShown(target: Page | BrowserContext, watched: Watched[]): Promise<void> {
  await target.addInitScript(recorder(watched));
}

/** Waits until what is watched has been shown `times` times since the page loaded. */
export async function waitUntilShown(page: Page, watched: Watched, times = 1): Promise<void> {
  await page.waitForFunction(
    ([key, n]) =>
      ((window as unknown as { __shown: Record<string, number> }).__shown[key as string] ?? 0) >= (n as number),
    [keyOf(watched), times] as const,
  );
}

/** How many times what is watched has been shown since the page loaded; where and when (the page's Date.now()) each time. */
export function shownSoFar(page: Page, watched: Watched): Promise<{ times: number; at: number[]; when: number[] }> {
  return page.evaluate((key) => {
    const w = window as unknown as Record<'__shown', Record<string, number>> &
      Record<'__shownAt' | '__shownWhen', Record<string, number[]>>;
    return { times: w.__shown[key] ?? 0, at: w.__shownAt[key] ?? [], when: w.__shownWhen[key] ?? [] };
  }, keyOf(watched));
}
