import type { BrowserContext, Page } from 'playwright-core';

/**
 * Records what a screen reader would be told by live regions, the way they work: text that
 * arrives in a live region already on the page (a region that arrives with its text is not read),
 * and an alert each time one is put on the page. In `window.__announced`, in order.
 */
const RECORDER = `(() => {
  window.__announced = [];
  const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
  const known = new WeakSet();
  const remember = () => document.querySelectorAll(LIVE).forEach((region) => known.add(region));
  const record = (text) => {
    const said = (text || '').replace(/\\s+/g, ' ').trim();
    if (said) window.__announced.push(said);
  };
  new MutationObserver((mutations) => {
    for (const mutation of mutations) try {
      const target = mutation.target.nodeType === 1 ? mutation.target : mutation.target.parentElement;
      const region = target && target.closest(LIVE);
      if (mutation.type === 'childList') {
        for (const node of mutation.addedNodes) {
          if (region && known.has(region)) record(node.textContent);
          else if (node.nodeType === 1) {
            const alerts = node.matches('[role="alert"]') ? [node] : node.querySelectorAll('[role="alert"]');
            for (const alert of alerts) record(alert.textContent);
          }
        }
      } else if (region && known.has(region)) {
        record(region.textContent);
      }
    } catch (error) {
      window.__announced.push('recorder failed: ' + error);
    }
    remember();
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

export async function recordAnnouncements(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(RECORDER);
}

export function announcements(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __announced: string[] }).__announced);
}
