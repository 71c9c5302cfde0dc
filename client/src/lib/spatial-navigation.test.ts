import { describe, expect, it } from 'vitest';
import { arrowStaysIn, type Box, nearestInDirection } from './spatial-navigation';

const box = (left: number, top: number, width = 100, height = 40): Box => ({ left, top, width, height });

describe('nearestInDirection', () => {
  // The answers as a 2×2 grid, the lifelines in a row below, Read again under them.
  const a = box(0, 0);
  const b = box(120, 0);
  const c = box(0, 60);
  const d = box(120, 60);
  const fifty = box(0, 140, 60);
  const audience = box(80, 140, 60);
  const family = box(160, 140, 60);
  const again = box(60, 200);
  const all = [a, b, c, d, fifty, audience, family, again];

  it('moves across the answer grid as a remote would', () => {
    expect(nearestInDirection(a, all, 'right')).toBe(1);
    expect(nearestInDirection(a, all, 'down')).toBe(2);
    expect(nearestInDirection(d, all, 'left')).toBe(2);
    expect(nearestInDirection(d, all, 'up')).toBe(1);
  });

  it('goes down from the answers to the lifelines, and on to the button under them', () => {
    expect(nearestInDirection(c, all, 'down')).toBe(4);
    expect(nearestInDirection(d, all, 'down')).toBe(6);
    expect(nearestInDirection(audience, all, 'down')).toBe(7);
    expect(nearestInDirection(fifty, all, 'right')).toBe(5);
  });

  it('stays put where nothing lies that way', () => {
    expect(nearestInDirection(a, all, 'up')).toBeNull();
    expect(nearestInDirection(a, all, 'left')).toBeNull();
    expect(nearestInDirection(again, all, 'down')).toBeNull();
  });
});

describe('nearestInDirection, by edges', () => {
  it('goes down from a small button at the edge to the next wide field, whose centre is far to the side', () => {
    // The skip link at the top left, the form centred below it: the name, then the avatars further down.
    const skipLink = box(8, 8, 150, 40);
    const nameField = box(320, 200, 640, 48);
    const avatar = box(330, 450, 90, 90);
    expect(nearestInDirection(skipLink, [avatar, nameField], 'down')).toBe(1);
  });

  it('leaves a full-width list for the button under it, and comes back up', () => {
    const list = box(40, 300, 560, 48);
    const start = box(40, 370, 560, 60);
    const backButton = box(20, 10, 120, 44);
    expect(nearestInDirection(list, [start, backButton], 'down')).toBe(0);
    expect(nearestInDirection(start, [list, backButton], 'up')).toBe(0);
  });

  it('does not count a box beside it, overlapping more than half, as below it', () => {
    const answer = box(0, 0, 100, 40);
    const besideLower = box(120, 15, 100, 40);
    expect(nearestInDirection(answer, [besideLower], 'down')).toBeNull();
    expect(nearestInDirection(answer, [besideLower], 'right')).toBe(0);
  });
});

describe('arrowStaysIn', () => {
  const line = (caret: number | null, length: number, selectionEnd = caret) =>
    ({ kind: 'line', caret, selectionEnd, length }) as const;
  const lines = (caret: number, length: number) => ({ kind: 'lines', caret, selectionEnd: caret, length }) as const;

  it('keeps left and right in a one-line field while its caret can move that way; up and down leave it', () => {
    expect(arrowStaysIn(line(2, 5), 'left')).toBe(true);
    expect(arrowStaysIn(line(2, 5), 'right')).toBe(true);
    expect(arrowStaysIn(line(0, 5), 'left')).toBe(false);
    expect(arrowStaysIn(line(5, 5), 'right')).toBe(false);
    expect(arrowStaysIn(line(5, 5), 'up')).toBe(false);
    expect(arrowStaysIn(line(2, 5), 'down')).toBe(false);
    // An empty field lets every arrow go.
    for (const direction of ['up', 'down', 'left', 'right'] as const)
      expect(arrowStaysIn(line(0, 0), direction)).toBe(false);
  });

  it('keeps every arrow for a selection, and left and right where the caret is not known (a number, an email)', () => {
    expect(arrowStaysIn(line(1, 5, 4), 'right')).toBe(true);
    expect(arrowStaysIn(line(null, 2), 'left')).toBe(true);
    expect(arrowStaysIn(line(null, 2), 'right')).toBe(true);
    expect(arrowStaysIn(line(null, 2), 'down')).toBe(false);
  });

  it('lets a note go up from its start and down from its end', () => {
    expect(arrowStaysIn(lines(0, 0), 'down')).toBe(false);
    expect(arrowStaysIn(lines(0, 12), 'up')).toBe(false);
    expect(arrowStaysIn(lines(0, 12), 'down')).toBe(true);
    expect(arrowStaysIn(lines(12, 12), 'down')).toBe(false);
    expect(arrowStaysIn(lines(6, 12), 'up')).toBe(true);
  });

  it('leaves buttons, boxes and closed lists at once, and a slider never', () => {
    for (const direction of ['up', 'down', 'left', 'right'] as const) {
      expect(arrowStaysIn({ kind: 'none' }, direction)).toBe(false);
      expect(arrowStaysIn({ kind: 'own' }, direction)).toBe(true);
    }
  });
});
