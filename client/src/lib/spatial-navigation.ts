import { useEffect } from 'react';

/**
 * Arrow keys between the controls on screen, as a TV remote sends them: stock browsers have no
 * spatial navigation, so the arrows would do nothing, or stay inside a field or a list for good.
 * Up, down, left and right go to the nearest control that way, fields, boxes and lists included;
 * Enter presses it (and opens a list), as ever.
 */

export type Direction = 'up' | 'down' | 'left' | 'right';
export type Box = { left: number; top: number; width: number; height: number };

const ARROWS: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/** A box seen along a direction: where it starts and ends that way, and across it. */
type Span = { start: number; end: number; crossStart: number; crossEnd: number };

function along(box: Box, direction: Direction): Span {
  const right = box.left + box.width;
  const bottom = box.top + box.height;
  switch (direction) {
    case 'down':
      return { start: box.top, end: bottom, crossStart: box.left, crossEnd: right };
    case 'up':
      return { start: -bottom, end: -box.top, crossStart: box.left, crossEnd: right };
    case 'right':
      return { start: box.left, end: right, crossStart: box.top, crossEnd: bottom };
    case 'left':
      return { start: -right, end: -box.left, crossStart: box.top, crossEnd: bottom };
  }
}

/**
 * The box nearest to `from` in `direction` (its index in `boxes`), or null. A box counts when it
 * lies that way (its centre beyond `from`'s, overlapping it by at most half along the way) and
 * not far off to the side (the gap across no more than twice the way along). Nearness is measured
 * between edges, not centres, so a wide field under a small button is straight below it: the gap
 * along, plus three times the gap across (the next answer in a grid wins over a far one in line),
 * plus a tenth of the offset between centres across (of two boxes straight below, the one more in line).
 */
export function nearestInDirection(from: Box, boxes: readonly Box[], direction: Direction): number | null {
  const origin = along(from, direction);
  const middle = (a: number, b: number) => (a + b) / 2;
  let best: { index: number; score: number } | null = null;
  boxes.forEach((box, index) => {
    const span = along(box, direction);
    const centreAlong = middle(span.start, span.end) - middle(origin.start, origin.end);
    const overlap = origin.end - span.start;
    const shorter = Math.min(origin.end - origin.start, span.end - span.start);
    if (centreAlong <= 1 || overlap > shorter / 2) return;
    const gapAlong = Math.max(0, span.start - origin.end);
    const gapAcross = Math.max(0, span.crossStart - origin.crossEnd, origin.crossStart - span.crossEnd);
    if (gapAcross > 2 * centreAlong) return;
    const offset = Math.abs(middle(span.crossStart, span.crossEnd) - middle(origin.crossStart, origin.crossEnd));
    const score = gapAlong + 3 * gapAcross + offset / 10;
    if (!best || score < best.score) best = { index, score };
  });
  return (best as { index: number } | null)?.index ?? null;
}

/** What the focused control is, as far as the arrow keys go. */
export type FocusedControl =
  /**
   * A one-line field: the caret moves left and right; up and down leave it (in a number field
   * too, where they would step the value: an age is typed, and a remote must not get stuck there).
   */
  | { kind: 'line'; caret: number | null; selectionEnd: number | null; length: number }
  /** Several lines: the caret moves every way. */
  | { kind: 'lines'; caret: number | null; selectionEnd: number | null; length: number }
  /** Every arrow is its own (a slider, a date's parts, an ARIA list or menu, editable text). */
  | { kind: 'own' }
  /** No arrow is its own: a button, a link, a box, a closed list (its list opens with Enter). */
  | { kind: 'none' };

/**
 * Whether an arrow stays with the focused control (moves its caret, steps its value) rather than
 * moving the focus: a field lets the focus go once its caret is at the end the arrow points to,
 * so the remote never gets stuck in one.
 */
export function arrowStaysIn(control: FocusedControl, direction: Direction): boolean {
  switch (control.kind) {
    case 'own':
      return true;
    case 'none':
      return false;
    case 'line':
    case 'lines': {
      const { caret, selectionEnd, length } = control;
      // A field whose caret the page cannot see (an email field in some browsers): the arrows are its own sideways.
      if (caret === null || selectionEnd === null) return direction === 'left' || direction === 'right';
      if (caret !== selectionEnd) return true;
      const backwards = direction === 'left' || (direction === 'up' && control.kind === 'lines');
      const forwards = direction === 'right' || (direction === 'down' && control.kind === 'lines');
      if (backwards) return caret > 0;
      if (forwards) return caret < length;
      return false;
    }
  }
}

const TEXT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', '']);
const OWN_TYPES = new Set(['range', 'date', 'time', 'datetime-local', 'month', 'week']);
const OWN_ROLES = '[role="slider"], [role="listbox"], [role="menu"], [role="grid"], [role="tree"], [role="tablist"]';

/** The focused element, described for `arrowStaysIn`. */
function describe(element: Element | null): FocusedControl {
  if (!(element instanceof HTMLElement)) return { kind: 'none' };
  if (element.isContentEditable || element.closest(OWN_ROLES)) return { kind: 'own' };
  if (element instanceof HTMLSelectElement && (element.multiple || element.size > 1)) return { kind: 'own' };
  if (element instanceof HTMLTextAreaElement) {
    return {
      kind: 'lines',
      caret: element.selectionStart,
      selectionEnd: element.selectionEnd,
      length: element.value.length,
    };
  }
  if (element instanceof HTMLInputElement) {
    if (OWN_TYPES.has(element.type)) return { kind: 'own' };
    if (TEXT_TYPES.has(element.type)) {
      // Email and number fields report no caret (null, or it throws): treated as unknown.
      let caret: number | null = null;
      let selectionEnd: number | null = null;
      try {
        caret = element.selectionStart;
        selectionEnd = element.selectionEnd;
      } catch {}
      return { kind: 'line', caret, selectionEnd, length: element.value.length };
    }
  }
  return { kind: 'none' };
}

/** Everything the arrows may land on: every control, not only buttons and links. */
const CONTROLS = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * Where the arrows look for the next control: inside an open modal dialog if there is one, inside
 * the open account menu while it has the focus (it hangs over the page), else the whole page.
 */
function scopeOf(active: Element | null): ParentNode {
  const dialog = document.querySelector('dialog[open]');
  if (dialog) return dialog;
  const menu = active?.closest('.account-menu');
  if (menu?.querySelector('.account-panel:not([hidden])')) return menu;
  return document;
}

/** Moves focus with the arrow keys among the visible controls; Enter on a closed list opens it. */
export function handleArrowKey(event: KeyboardEvent): void {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  if (event.key === 'Enter' && active instanceof HTMLSelectElement) {
    openList(active, event);
    return;
  }
  const direction = ARROWS[event.key];
  if (!direction) return;
  const focused = active && active !== document.body ? active : null;
  if (arrowStaysIn(describe(focused), direction)) return;
  const controls = [...scopeOf(focused).querySelectorAll<HTMLElement>(CONTROLS)].filter((element) => {
    if (element === focused || element.closest('[hidden], [inert]')) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  });
  if (controls.length === 0) return;
  const index = focused ? nearestInDirection(boxOf(focused), controls.map(boxOf), direction) : 0;
  if (index === null) return;
  event.preventDefault();
  const target = controls[index] as HTMLElement;
  target.focus();
  target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  // Within a group of radio buttons, moving is choosing, as the arrows do natively.
  if (
    focused instanceof HTMLInputElement &&
    target instanceof HTMLInputElement &&
    focused.type === 'radio' &&
    target.type === 'radio' &&
    target.name === focused.name &&
    target.form === focused.form
  ) {
    target.click();
  }
}

/** Where a control is seen: a box or a radio button where its label is (the row it heads, the picture it names). */
function boxOf(element: HTMLElement): Box {
  const label =
    element instanceof HTMLInputElement && /^(checkbox|radio)$/.test(element.type) && element.closest('label');
  return (label || element).getBoundingClientRect();
}

/** A remote's OK is Enter: on a closed list it opens the list, as Space does. */
function openList(select: HTMLSelectElement, event: KeyboardEvent) {
  if (!('showPicker' in select)) return;
  try {
    select.showPicker();
    event.preventDefault();
  } catch {
    // Not allowed here (no user activation, a list already open): the browser's own Enter.
  }
}

/** The arrow keys move the focus while `enabled` (the app calls it once, for the pages a remote reaches). */
export function useArrowNavigation(enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    window.addEventListener('keydown', handleArrowKey);
    return () => window.removeEventListener('keydown', handleArrowKey);
  }, [enabled]);
}
