import { useEffect } from 'react';

/**
 * Arrow keys between the controls on screen, as a TV remote sends them: stock browsers have no
 * spatial navigation, so on /pre-game and /game the arrows would do nothing. Up, down, left and
 * right go to the nearest control that way; Enter presses it, as ever.
 */

export type Direction = 'up' | 'down' | 'left' | 'right';
export type Box = { left: number; top: number; width: number; height: number };

const ARROWS: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/**
 * The box nearest to `from` in `direction` (its index in `boxes`), or null: a box counts when
 * its centre lies that way, more along it than twice across; nearness weighs the distance along the direction and, three times
 * over, the distance across it, so that the next answer in a grid wins over a far one in line.
 */
export function nearestInDirection(from: Box, boxes: readonly Box[], direction: Direction): number | null {
  const centre = (box: Box) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
  const origin = centre(from);
  let best: { index: number; score: number } | null = null;
  boxes.forEach((box, index) => {
    const c = centre(box);
    const dx = c.x - origin.x;
    const dy = c.y - origin.y;
    const along = direction === 'up' ? -dy : direction === 'down' ? dy : direction === 'left' ? -dx : dx;
    const across = direction === 'up' || direction === 'down' ? Math.abs(dx) : Math.abs(dy);
    // That way, within a cone of about 60° either side: far off to the side is not "left".
    if (along <= 1 || across > 2 * along) return;
    const score = along + 3 * across;
    if (!best || score < best.score) best = { index, score };
  });
  return (best as { index: number } | null)?.index ?? null;
}

const CONTROLS = 'button:not([disabled]), a[href], select, [tabindex="0"]';
/** Where the arrows keep their own meaning: typing, a list, a slider. */
const OWN_ARROWS = 'input, select, textarea, [contenteditable="true"], [role="slider"], [role="listbox"]';

/** Moves focus with the arrow keys among the visible controls (within an open dialog, if one is open). */
export function handleArrowKey(event: KeyboardEvent): void {
  const direction = ARROWS[event.key];
  if (!direction || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  if (active?.closest(OWN_ARROWS)) return;
  const scope = document.querySelector('dialog[open]') ?? document;
  const controls = [...scope.querySelectorAll<HTMLElement>(CONTROLS)].filter((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element !== active && !element.closest('[hidden]');
  });
  if (controls.length === 0) return;
  const from = active && active !== document.body ? active.getBoundingClientRect() : null;
  const index = from
    ? nearestInDirection(
        from,
        controls.map((element) => element.getBoundingClientRect()),
        direction,
      )
    : 0;
  if (index === null) return;
  event.preventDefault();
  const target = controls[index] as HTMLElement;
  target.focus();
  target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/** The arrow keys move focus on this page while it is shown (the player's pages: a TV remote's). */
export function useArrowNavigation(): void {
  useEffect(() => {
    window.addEventListener('keydown', handleArrowKey);
    return () => window.removeEventListener('keydown', handleArrowKey);
  }, []);
}
