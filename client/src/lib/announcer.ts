/**
 * What a screen reader should hear that no focus move says: a new question's number and amount,
 * what a lifeline did, how a game ended. One polite live region for the app, in the page before
 * anything is said into it (a region that arrives with its text is not read), each message a new
 * line in it, so the same words twice are read twice.
 */

const KEPT_LINES = 3;
let region: HTMLElement | null = null;

/** Puts the region in the page; main.tsx calls it before the first render. */
export function installAnnouncer(): HTMLElement {
  if (region?.isConnected) return region;
  region = document.createElement('div');
  region.className = 'visually-hidden';
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-relevant', 'additions');
  region.dataset.announcer = '';
  document.body.append(region);
  return region;
}

export function announce(message: string): void {
  if (!message) return;
  const element = installAnnouncer();
  const line = document.createElement('p');
  line.textContent = message;
  element.append(line);
  // Old lines go (a removal is not read): the region stays small for a reader browsing into it.
  while (element.childElementCount > KEPT_LINES) element.firstElementChild?.remove();
}
